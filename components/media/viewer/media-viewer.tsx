'use client';

import { useQuery } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { FavoriteButton } from '@/components/favorites/favorite-button';
import { EditMediaDialog } from '@/components/media/item/edit-media-dialog';
import { ConfirmMediaDelete } from '@/components/media/item/media-item-actions';
import type { MediaViewerProps } from '@/components/media/item/item-props';
import { useItemOffers } from '@/components/media/item/item-offers';
import { isOthers, ownerLine, type OwnedRecord } from '@/components/media/item/owner-mark';
import { LazyShareDialog } from '@/components/shares/lazy-share-dialog';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { Menu, type MenuEntry } from '@/components/ui/menu';
import { MoreIcon } from '@/components/ui/more-icon';
import { useMediaItemActions } from '@/components/media/item/use-media-item-actions';
import type { MediaRecord } from '@/contract/media';
import { formatBytes } from '@/contract/storage-space';
import { mediaInfoQuery } from '@/lib/api/media-info';
import { MEDIA_KINDS } from '@/lib/media/kinds';
import { viewerTimeZone } from '@/lib/media/media-dates';
import { stepIndex } from '@/lib/media/lists/viewer-index';
import { cameraLines, recordFacts, type Fact } from '@/lib/media/viewer-facts';
import { ViewerIcon } from './viewer-icons';
import { neighbours, VIEWER_BAR_BUTTON, ViewerFacts, ViewerFrame } from './viewer-frame';

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
  facts: (record: MediaRecord<K>) => Fact[];
  /** The «⋯» menu's downloads, given a way to start one. */
  downloads: (record: MediaRecord<K>, start: (format?: string) => void) => MenuEntry[];
  /** What to fetch ahead for a neighbour, so ← and → show it at once. */
  preload: (record: MediaRecord<K>) => string | null;
}

/**
 * The facts of «Сведения» every viewable record has: when it was taken (the camera's wall clock, never moved into
 * the viewer's zone: lib/media/media-dates.ts) and in which zone, when it was uploaded, `length` where the kind has
 * one, resolution and size — one date style throughout (lib/media/viewer-facts.ts).
 */
export function viewerFacts(record: MediaRecord<ViewableKind>, length?: string | null): Fact[] {
  return recordFacts(record, { timeZone: viewerTimeZone(), length, size: formatBytes(record.size) });
}

/** Where the file's name and the camera's facts go among the record's: after the times. */
const TIMES = ['Снято', 'Часовой пояс', 'Загружено'];

/**
 * «Сведения»: the record's facts, with the file's name and the camera's (read from the original, so only for one's
 * own item) after the times, and who added an album's item (mine: «вы») or whose another account's item is.
 */
function ItemInfo<K extends ViewableKind>({ spec, record }: { spec: ViewerKind<K>; record: MediaRecord<K> }) {
  const others = isOthers(record);
  const info = useQuery({ ...mediaInfoQuery(spec.kind, record.id), enabled: !others });
  const addedBy = (record as OwnedRecord).added_by;
  const whose: Fact[] = addedBy
    ? [['Добавил(а)', record.owner ? addedBy.name : 'вы']]
    : record.owner
      ? [['Владелец', record.owner.name]]
      : [];
  const facts = spec.facts(record);
  const times = facts.filter(([term]) => TIMES.includes(term));
  const rest = facts.filter(([term]) => !TIMES.includes(term));
  const lines = info.data && !others ? [...times, ...cameraLines(info.data), ...rest] : facts;
  return <ViewerFacts description={record.description.trim()} facts={[...whose, ...lines]} />;
}

type Layer = 'edit' | 'share' | 'album' | null;

/**
 * The owner's full-screen viewer of photos and video, in the frame every viewer shares (viewer-frame.tsx): the
 * bar's ☆, «Поделиться», «В альбом», «Сведения», «Удалить» and «⋯» (downloads, «Изменить», what the place
 * showing the items adds), and «Сведения» with the title, the description, the facts (the file's name and the
 * camera's read from the original) and «Изменить».
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
  // Not while a dialog covers it (an edit or a deletion under way keeps its dialog open until it ends). Not the
  // mutation's pending flag: it clears a task after the mutation has ended, when the confirmation may be gone
  // already, and an Esc then was lost.
  const close = useCallback(() => {
    if (!covered) onClose();
  }, [covered, onClose]);

  if (!record) return null;
  const name = spec.name(record);
  // Another account's item (a partner's, a shared album's) is only looked at here: what the place allows (an
  // album's download) comes in `extraActions`; no star, link, album, edit or deletion of its own.
  const others = isOthers(record);
  const menu: MenuEntry[] = others
    ? (extraActions?.(record) ?? [])
    : [
        ...spec.downloads(record, (format) => void actions.startDownload(record.id, format)),
        { label: 'Изменить', onSelect: () => setLayer('edit') },
        ...(extraActions?.(record) ?? []),
      ];

  return (
    <ViewerFrame
      label={spec.label}
      previous={spec.previous}
      next={spec.next}
      index={index}
      count={count}
      onStep={step}
      onClose={close}
      covered={covered}
      itemKey={record.id}
      name={name}
      owner={ownerLine(record)}
      zoomable={spec.zoomable}
      stage={<Stage record={record} />}
      preload={neighbours(index, count).map((i) => (items[i] ? spec.preload(items[i]) : null))}
      actions={
        <>
          {others ? null : (
            <>
              <FavoriteButton kind={kind} id={record.id} favorite={record.is_favorite} tone="media" className={VIEWER_BAR_BUTTON} />
              <IconButton label="Поделиться" tone="media" className={VIEWER_BAR_BUTTON} onClick={() => setLayer('share')}>
                <ViewerIcon name="share" />
              </IconButton>
            </>
          )}
          {toAlbum && !others ? (
            <IconButton label={toAlbum.label} tone="media" className={VIEWER_BAR_BUTTON} onClick={() => setLayer('album')}>
              <ViewerIcon name="album" />
            </IconButton>
          ) : null}
          <IconButton label="Сведения" tone="media" className={VIEWER_BAR_BUTTON} aria-pressed={info} onClick={() => setInfo((v) => !v)}>
            <ViewerIcon name="info" />
          </IconButton>
          {others ? null : (
            <IconButton label="Удалить" tone="media" className={VIEWER_BAR_BUTTON} onClick={actions.askDelete}>
              <ViewerIcon name="trash" />
            </IconButton>
          )}
          {menu.length ? (
            <Menu
              label="Ещё"
              button={<MoreIcon />}
              buttonClassName={`inline-flex items-center justify-center rounded-lg text-white hover:bg-white/20 ${VIEWER_BAR_BUTTON}`}
              entries={menu}
            />
          ) : null}
        </>
      }
      info={
        info ? (
          <>
            <ItemInfo spec={spec} record={record} />
            {others ? null : (
              <Button variant="secondary" className="mt-5" onClick={() => setLayer('edit')}>
                Изменить
              </Button>
            )}
          </>
        ) : null
      }
      onCloseInfo={() => setInfo(false)}
    >
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
    </ViewerFrame>
  );
}
