'use client';

import { Dialog as HeadlessDialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { FavoriteButton } from '@/components/favorites/favorite-button';
import { EditMediaDialog } from '@/components/media/item/edit-media-dialog';
import { ConfirmMediaDelete } from '@/components/media/item/media-item-actions';
import type { MediaViewerProps } from '@/components/media/item/item-props';
import { useItemOffers } from '@/components/media/item/item-offers';
import { LazyShareDialog } from '@/components/shares/lazy-share-dialog';
import { Button } from '@/components/ui/button';
import { CloseButton } from '@/components/ui/close-button';
import { IconButton } from '@/components/ui/icon-button';
import { Menu, type MenuEntry } from '@/components/ui/menu';
import { MoreIcon } from '@/components/ui/more-icon';
import { useMediaItemActions } from '@/components/media/item/use-media-item-actions';
import type { MediaRecord } from '@/contract/media';
import { formatBytes } from '@/contract/storage-space';
import { MEDIA_KINDS } from '@/lib/media/kinds';
import { formatDateTime, viewerTimeZone, wallClockOf } from '@/lib/media/media-dates';
import { stepIndex, viewerCounter } from '@/lib/media/lists/viewer-index';
import { useSnackbarLayer } from '@/hooks/use-snackbar';
import { ViewerIcon } from './viewer-icons';
import { ViewerStage } from './viewer-stage';

export type ViewableKind = 'photo' | 'video';

/** What a kind brings to the full-screen viewer: its words, its stage, its facts and its downloads. */
export interface ViewerKind<K extends ViewableKind> {
  kind: K;
  /** The dialog's spoken name: «Просмотр фотографии». */
  label: string;
  previous: string;
  next: string;
  /** The item's name as shown and quoted. */
  name: (record: MediaRecord<K>) => string;
  zoomable: boolean;
  /** What fills the screen (the picture, the player, or why there is none). */
  Stage: (props: { record: MediaRecord<K> }) => ReactNode;
  /** The info panel's lines after the description: «Снято», «Размер»… */
  facts: (record: MediaRecord<K>) => ReadonlyArray<readonly [string, string]>;
  /** The «⋯» menu's downloads, given a way to start one. */
  downloads: (record: MediaRecord<K>, start: (format?: string) => void) => MenuEntry[];
  /** What to fetch ahead for a neighbour, so ← and → show it at once. */
  preload: (record: MediaRecord<K>) => string | null;
}

const uploadedFormat = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The facts of «Сведения» every viewable record has: when it was taken (the camera's wall clock, never moved into
 * the viewer's zone: lib/media/media-dates.ts) and uploaded, `length` where the kind has one, resolution and size.
 */
export function viewerFacts(record: MediaRecord<ViewableKind>, length?: string | null): [string, string][] {
  const lines: [string, string][] = [];
  if (record.taken_at) lines.push(['Снято', formatDateTime(wallClockOf(record, viewerTimeZone()))]);
  const uploaded = new Date(record.created_at);
  if (!Number.isNaN(uploaded.getTime())) lines.push(['Загружено', uploadedFormat.format(uploaded)]);
  if (length) lines.push(['Длительность', length]);
  if (record.width && record.height) lines.push(['Разрешение', `${record.width}\u00a0×\u00a0${record.height}`]);
  lines.push(['Размер', formatBytes(record.size)]);
  return lines;
}

/** Keys typed into a field, or given to a player, are theirs, not the viewer's. */
const keysBelongElsewhere = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT', 'VIDEO', 'AUDIO'].includes(target.tagName));

type Layer = 'edit' | 'share' | 'album' | null;

/**
 * The full-screen viewer of photos and video (Immich's): black, what it shows contained in the screen, the
 * counter and the actions in a bar along the top, previous and next at the edges (and ←/→, swipes), Esc or a
 * swipe down to close, and «Сведения» sliding in from the right (a sheet from the bottom on a phone) with the
 * title, the description, the facts and «Изменить».
 */
export function MediaViewer<K extends ViewableKind>({
  spec,
  items,
  id,
  onMove,
  onClose,
  extraActions,
}: MediaViewerProps<K> & { spec: ViewerKind<K> }) {
  const { kind, Stage } = spec;
  const index = items.findIndex((r) => r.id === id);
  const record = items[index];
  const count = items.length;
  const actions = useMediaItemActions(kind);
  const [layer, setLayer] = useState<Layer>(null);
  const [snackbarPlace, setSnackbarPlace] = useState<HTMLElement | null>(null);
  useSnackbarLayer(snackbarPlace);
  // «В альбом», where albums offer it (albums/album-offer.ts).
  const { toAlbum } = useItemOffers();
  const [info, setInfo] = useState(false);
  const covered = layer !== null || actions.confirmingDelete;

  const step = useCallback(
    (delta: 1 | -1) => {
      const target = items[stepIndex(index, delta, count)];
      if (target && target.id !== id) onMove(target.id);
    },
    [items, index, count, id, onMove],
  );
  const close = useCallback(() => {
    if (!covered && !actions.busy) onClose();
  }, [covered, actions.busy, onClose]);

  useEffect(() => {
    if (covered || count < 2) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || keysBelongElsewhere(e.target)) return;
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        e.preventDefault();
        step(e.key === 'ArrowLeft' ? -1 : 1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [covered, count, step]);

  // Esc closes the viewer even while the focus is nowhere, as right after «Удалить» is confirmed: the
  // confirmation is still leaving then, HeadlessUI gives Esc to it (the top dialog) and brings the focus back
  // only once it has gone, so a quick Esc was lost and the viewer stayed open. Taken first (capture), and only
  // when the focus is on the page's body: a menu, a field or a dialog over the viewer keeps its own Esc.
  useEffect(() => {
    if (covered) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      const focused = document.activeElement;
      if (focused === null || focused === document.body) close();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [covered, close]);

  // Warm the cache with the neighbours, so ← and → show them at once.
  const { preload } = spec;
  useEffect(() => {
    if (count < 2) return;
    for (const i of new Set([stepIndex(index, 1, count), stepIndex(index, -1, count)])) {
      const neighbour = items[i];
      const url = neighbour ? preload(neighbour) : null;
      if (url) new Image().src = url;
    }
  }, [items, index, count, preload]);

  if (!record) return null;
  const name = spec.name(record);
  const description = record.description.trim();
  const menu: MenuEntry[] = [
    ...spec.downloads(record, (format) => void actions.startDownload(record.id, format)),
    { label: 'Изменить', onSelect: () => setLayer('edit') },
    ...(extraActions?.(record) ?? []),
  ];
  const bar = 'h-11 w-11 pointer-coarse:h-11 pointer-coarse:w-11';
  const edgeButton =
    'absolute top-1/2 z-10 hidden -translate-y-1/2 rounded-full bg-black/40 text-white hover:bg-black/60 sm:inline-flex h-12 w-12 items-center justify-center';

  return (
    // The viewer shows the snackbars itself (a deletion's «Отменить», reached by Tab; Ctrl+Z works in it).
    <HeadlessDialog open onClose={close} className="fixed inset-0 z-50" ref={setSnackbarPlace} data-snackbar-layer="">
      <DialogPanel
        transition
        className="fixed inset-0 flex bg-black text-white transition-opacity duration-200 ease-standard data-closed:opacity-0"
        data-testid="media-viewer"
      >
        <DialogTitle className="sr-only">{spec.label}</DialogTitle>
        <div className="relative min-w-0 flex-1">
          <ViewerStage key={record.id} zoomable={spec.zoomable} onStep={count > 1 ? step : undefined} onDismiss={close}>
            <Stage record={record} />
          </ViewerStage>

          <div className="absolute inset-x-0 top-0 z-10 flex items-center gap-0.5 bg-gradient-to-b from-black/75 to-transparent px-1 pb-6 pt-1 sm:gap-1 sm:px-3 sm:pt-2">
            <CloseButton label="Закрыть" tone="media" onClick={close} className={bar} />
            <div className="min-w-0 flex-1 px-1">
              <p className="hidden truncate text-sm font-semibold sm:block" data-testid="viewer-title">
                {name}
              </p>
              <p className="truncate text-xs tabular-nums text-white/85" aria-live="polite" data-testid="viewer-counter">
                {viewerCounter(index, count)}
              </p>
            </div>
            <FavoriteButton kind={kind} id={record.id} favorite={record.is_favorite} tone="media" className={bar} />
            <IconButton label="Поделиться" tone="media" className={bar} onClick={() => setLayer('share')}>
              <ViewerIcon name="share" />
            </IconButton>
            {toAlbum ? (
              <IconButton label={toAlbum.label} tone="media" className={bar} onClick={() => setLayer('album')}>
                <ViewerIcon name="album" />
              </IconButton>
            ) : null}
            <IconButton label="Сведения" tone="media" className={bar} aria-pressed={info} onClick={() => setInfo((v) => !v)}>
              <ViewerIcon name="info" />
            </IconButton>
            <IconButton label="Удалить" tone="media" className={bar} onClick={actions.askDelete}>
              <ViewerIcon name="trash" />
            </IconButton>
            <Menu
              label="Ещё"
              button={<MoreIcon />}
              buttonClassName={`inline-flex items-center justify-center rounded-lg text-white hover:bg-white/20 ${bar}`}
              entries={menu}
            />
          </div>

          {count > 1 ? (
            <>
              <button type="button" className={`${edgeButton} left-3`} aria-label={spec.previous} onClick={() => step(-1)}>
                <ViewerIcon name="left" className="h-6 w-6" />
              </button>
              <button type="button" className={`${edgeButton} right-3`} aria-label={spec.next} onClick={() => step(1)}>
                <ViewerIcon name="right" className="h-6 w-6" />
              </button>
            </>
          ) : null}
        </div>

        {info ? (
          <aside
            aria-label="Сведения"
            data-testid="viewer-info"
            className="absolute inset-x-0 bottom-0 z-20 max-h-[60%] overflow-y-auto rounded-t-2xl border-t border-line bg-surface p-5 text-fg shadow-float md:static md:max-h-none md:w-[22.5rem] md:shrink-0 md:rounded-none md:border-l md:border-t-0 md:shadow-none"
          >
            <div className="flex items-start justify-between gap-2">
              <h2 className="min-w-0 break-words pt-1.5 text-lg font-semibold">{name}</h2>
              <CloseButton label="Скрыть сведения" onClick={() => setInfo(false)} className="-mr-2" />
            </div>
            {description ? (
              <p className="mt-2 whitespace-pre-wrap break-words text-sm">{description}</p>
            ) : (
              <p className="mt-2 text-sm text-fg-muted">Нет описания</p>
            )}
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
              {spec.facts(record).map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="text-fg-muted">{term}</dt>
                  <dd className="tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            <Button variant="secondary" className="mt-5" onClick={() => setLayer('edit')}>
              Изменить
            </Button>
          </aside>
        ) : null}

        {layer === 'edit' ? <EditMediaDialog kind={kind} record={record} onClose={() => setLayer(null)} /> : null}
        {layer === 'share' ? <LazyShareDialog target={{ kind, id: record.id }} name={name} onClose={() => setLayer(null)} /> : null}
        {layer === 'album' && toAlbum ? <toAlbum.Dialog item={{ kind, id: record.id }} name={name} onClose={() => setLayer(null)} /> : null}
        <ConfirmMediaDelete
          open={actions.confirmingDelete}
          title={MEDIA_KINDS[kind].text.deleteTitle}
          name={name}
          busy={actions.deleting}
          onConfirm={() => void actions.confirmDelete(record.id)}
          onCancel={actions.cancelDelete}
        />
      </DialogPanel>
    </HeadlessDialog>
  );
}
