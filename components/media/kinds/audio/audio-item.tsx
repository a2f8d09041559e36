'use client';

import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { FavoriteButton } from '@/components/favorites/favorite-button';
import { LazyShareDialog } from '@/components/shares/lazy-share-dialog';
import { ProcessingFailed } from '@/components/media/item/processing-failed';
import { isOthers, ownerLine } from '@/components/media/item/owner-mark';
import { SelectCheck } from '@/components/media/selection/select-check';
import { Menu } from '@/components/ui/menu';
import { MoreIcon } from '@/components/ui/more-icon';
import { Spinner } from '@/components/ui/spinner';
import type { MediaItemProps } from '@/components/media/item/item-props';
import { useItemOffers } from '@/components/media/item/item-offers';
import { useMediaDownload } from '@/components/media/item/use-media-mutations';
import { useSelectableItem } from '@/components/media/selection/use-selectable-item';
import { useSnackbar } from '@/hooks/use-snackbar';
import { MEDIA_KINDS } from '@/lib/media/kinds';
import { formatClock } from '@/lib/media/recording/recorder-machine';
import { lazily } from '@/lib/lazily';
import { AudioRowPlayer, keepFocusOn } from './audio-row-player';
import { toggleRow, useRowState } from './open-rows';

export const AUDIO_FAILED = 'Не удалось обработать аудиозапись';
// A row's date says what its heading does not (Voice Memos: the time under «Сегодня»): under a day's heading the time,
// «11:09»; under a month's, the day too, «26 нояб., 11:09»; with no heading (sorted by title or length), the day with
// the year when it is not this one.
const timeFormat = lazily(() => new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit' }));
const dateFormat = lazily(() => new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }));
const dateYearFormat = lazily(
  () =>
    new Intl.DateTimeFormat('ru-RU', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);
const formatDate = (iso: string, under: MediaItemProps['under']) => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  if (under === 'day') return timeFormat().format(d);
  if (under === 'month') return dateFormat().format(d);
  return (d.getFullYear() === new Date().getFullYear() ? dateFormat() : dateYearFormat()).format(d);
};

/** A row's toggle, found by its place in the list (the rows are virtual: the neighbour may not be mounted yet). */
const toggleAt = (index: number) => document.querySelector<HTMLButtonElement>(`[data-row-toggle="${index}"]`);

/** ↑/↓ from a row's toggle: the neighbour's toggle takes the focus, scrolled into view (mounted first if need be). */
function focusRow(index: number, tries = 8) {
  const target = toggleAt(index);
  if (target) {
    target.focus();
    target.scrollIntoView({ block: 'nearest' });
    return;
  }
  if (tries <= 0 || index < 0) return;
  // Not mounted yet: move the window toward it, and look again once the list has drawn.
  const here = document.activeElement instanceof HTMLElement ? Number(document.activeElement.dataset.rowToggle) : NaN;
  window.scrollBy(0, Number.isNaN(here) || index > here ? 64 : -64);
  requestAnimationFrame(() => focusRow(index, tries - 1));
}

/**
 * One recording as a recorder's list shows it: a dense row (title; date and length; a thin line of how far it
 * has played) that opens in place on a click or Enter to its player (waveform, ±15 s, speed, «Обрезать»).
 * ↑/↓ move to the neighbouring rows; «Изменить», «Скачать», «Поделиться», «В альбом» (and what the place adds, `actions`) and «Удалить» are in
 * the row's «⋯» menu. Where the screen selects, a check mark leads the row; while selecting, a click on the row
 * selects it rather than opening it, and Space on its title selects it.
 */
export const AudioItem = memo(function AudioItem({
  record,
  index,
  onEdit,
  onDelete,
  highlighted,
  actions = [],
  onSelect,
  selected = false,
  selecting = false,
  under,
}: MediaItemProps<'audio'>) {
  const download = useMediaDownload('audio');
  const { showError } = useSnackbar();
  const toggleRef = useRef<HTMLButtonElement | null>(null);
  const articleRef = useRef<HTMLElement | null>(null);
  // «Обрезать», from the row's «⋯»: the trim panel on the open player.
  const [trimming, setTrimming] = useState(false);
  const { open, progress } = useRowState(record.id);
  // A closed row has no trim panel to come back to.
  if (!open && trimming) setTrimming(false);
  /** After «Отмена» or Escape the focus goes back to the row's «⋯», where «Обрезать» was; after «Сохранить», to its title. */
  const closeTrim = useCallback((saved: boolean) => {
    setTrimming(false);
    if (saved) {
      keepFocusOn(toggleRef);
      return;
    }
    requestAnimationFrame(() => articleRef.current?.querySelector<HTMLElement>('[data-row-menu]')?.focus());
  }, []);
  const headingId = `audio-${record.id}-title`;
  const panelId = `audio-${record.id}-panel`;
  // «Поделиться» from the row's menu: the share dialog (fetched when it first opens).
  const [sharing, setSharing] = useState(false);
  // «В альбом» from the row's menu: the album chooser (fetched when it first opens), where albums offer it.
  const { toAlbum } = useItemOffers();
  const [choosingAlbum, setChoosingAlbum] = useState(false);
  // The recording a link named opens, outlined, and takes the focus.
  useEffect(() => {
    if (!highlighted) return;
    toggleRow(record.id, true);
    articleRef.current?.focus();
  }, [highlighted, record.id]);

  const startDownload = async () => {
    if (download.isPending) return;
    try {
      await download.mutateAsync({ id: record.id });
    } catch {
      showError(MEDIA_KINDS.audio.text.downloadError);
    }
  };

  // Another account's recording (a partner's, a shared album's) is only listened to: no star, selection, trim,
  // edit, download, link or deletion of its own here; what the place allows comes in `actions`.
  const others = isOthers(record);
  const by = ownerLine(record);
  const {
    onClick: pressClick,
    onKeyDown: pressKey,
    onKeyUp: pressKeyUp,
    onClickCapture,
    ...touch
  } = useSelectableItem(record.id, { selecting, onSelect: others ? undefined : onSelect }, () => toggleRow(record.id));
  const onRowKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    pressKey?.(e);
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    focusRow(index + (e.key === 'ArrowDown' ? 1 : -1));
  };
  // A click anywhere on the row's head opens or closes it (its «⋯» menu aside).
  const onHeadClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.target instanceof Element && e.target.closest('button, a, [role="menu"]') && e.target !== toggleRef.current) return;
    pressClick(e);
  };

  // The title is a heading one level under what the row stands under: a day's heading (h2) on the audio screen, else
  // the page's h1 (an album's page, a list sorted by title).
  const Heading = under ? 'h3' : 'h2';
  const playable = !!record.audio_file && record.status !== 'processing' && record.status !== 'failed';
  // Cut on its waveform: a ready recording with its peaks and length.
  const trimmable = !others && playable && !!record.waveform_data?.length && !!record.duration;

  return (
    <article
      ref={articleRef}
      aria-labelledby={headingId}
      tabIndex={highlighted ? -1 : undefined}
      className={`group/select border-b border-line ${highlighted ? 'rounded-lg ring-2 ring-accent' : ''} ${selected ? 'bg-accent-soft' : open ? 'bg-surface' : ''}`}
      data-testid="audio-item"
      data-selected={selected ? 'true' : undefined}
      data-audio-id={record.id}
      data-item-id={record.id}
      data-owner={record.owner ? record.owner.id : undefined}
      data-open={open ? 'true' : 'false'}
    >
      {/* A click anywhere on the head toggles (a pointer convenience); the keyboard has the toggle button. */}
      <div
        className={`flex min-h-14 cursor-pointer items-center gap-1 rounded-lg py-1.5 pl-3 pr-1 ${selected ? '' : 'hover:bg-surface-2'}`}
        onClick={onHeadClick}
        onClickCapture={onClickCapture}
        {...touch}
      >
        <div className="min-w-0 flex-1">
          <Heading id={headingId} className="truncate text-[15px] font-semibold leading-5 text-fg">
            <button
              ref={toggleRef}
              type="button"
              aria-expanded={open}
              aria-controls={open ? panelId : undefined}
              data-row-toggle={index}
              onClick={(e) => {
                e.stopPropagation();
                pressClick(e);
              }}
              onKeyDown={onRowKey}
              onKeyUp={pressKeyUp}
              className="max-w-full truncate rounded text-left outline-none focus-visible:ring-2 focus-visible:ring-accent"
            >
              {record.title}
            </button>
          </Heading>
          <div className={`flex gap-1.5 text-xs leading-4 text-fg-muted ${open ? 'flex-wrap items-baseline' : 'items-center'}`}>
            {/* The date and the length keep their one line on a phone; what follows gives way. */}
            <time dateTime={record.created_at} className="shrink-0 whitespace-nowrap">
              {formatDate(record.created_at, under)}
            </time>
            <span className="shrink-0 tabular-nums">
              <span aria-hidden="true">· </span>
              <span className="sr-only">Длительность </span>
              <span data-testid="audio-duration">{formatClock(record.duration ?? 0)}</span>
            </span>
            {record.status === 'processing' || (!record.audio_file && record.status !== 'failed') ? (
              <span className="ml-1.5 flex min-w-0 items-center gap-1">
                <Spinner /> <span className="truncate">Обработка…</span>
              </span>
            ) : null}
            {by ? (
              <span className="min-w-0 shrink truncate" data-testid="item-owner">
                {by}
              </span>
            ) : null}
            {record.description ? (
              // One line while closed (the row stays dense); the whole text once open.
              <span className={`min-w-0 ${open ? 'basis-full whitespace-pre-line break-words text-sm' : 'ml-1.5 flex-1 truncate'}`}>
                {record.description}
              </span>
            ) : null}
          </div>
          <div className={`mt-1 h-0.5 overflow-hidden rounded-full ${open || progress > 0 ? 'bg-line' : ''}`} aria-hidden="true">
            <div className="h-full bg-accent" style={{ width: `${progress * 100}%` }} data-testid="audio-progress" />
          </div>
        </div>
        {/* The check mark stands at the row's end, by its other buttons, and takes no room before the title (which
            lines up with its day's heading): shown under the pointer or the focus, and on every row once selecting;
            on a phone only while selecting (a long press starts it). Another account's recording has none. */}
        {others ? null : (
          <SelectCheck
            id={record.id}
            name={record.title}
            selected={selected}
            selecting={selecting}
            onSelect={onSelect}
            tone="surface"
            className={selecting ? '' : 'touch:hidden'}
          />
        )}
        {others ? null : <FavoriteButton kind="audio" id={record.id} name={record.title} favorite={record.is_favorite} />}
        {others && !actions.length ? null : (
          <Menu
            label={`Действия: ${record.title}`}
            button={<MoreIcon />}
            buttonProps={{ 'data-row-menu': '' }}
            deferred
            buttonClassName="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-fg-muted hover:bg-surface-3 hover:text-fg touch:h-11 touch:w-11"
            entries={
              others
                ? actions
                : [
                    { label: 'Изменить', onSelect: () => onEdit(record) },
                    ...(trimmable
                      ? [
                          {
                            label: 'Обрезать',
                            onSelect: () => {
                              toggleRow(record.id, true);
                              setTrimming(true);
                            },
                          },
                        ]
                      : []),
                    { label: 'Скачать', onSelect: () => void startDownload(), disabled: download.isPending },
                    { label: 'Поделиться', onSelect: () => setSharing(true) },
                    ...(toAlbum ? [{ label: toAlbum.label, onSelect: () => setChoosingAlbum(true) }] : []),
                    ...actions,
                    { label: 'Удалить', onSelect: () => onDelete(record), danger: true },
                  ]
            }
          />
        )}
      </div>
      {record.status === 'failed' ? (
        <div className="px-3 pb-3">
          <ProcessingFailed kind="audio" id={record.id} name={record.title} reason={record.failure_reason ?? AUDIO_FAILED} />
        </div>
      ) : null}

      {open ? (
        <div id={panelId} className="flex flex-col gap-2 px-3 pb-3">
          {playable ? <AudioRowPlayer record={record} trimming={trimming} onTrimClosed={closeTrim} readOnly={others} /> : null}
        </div>
      ) : null}
      {sharing ? <LazyShareDialog target={{ kind: 'audio', id: record.id }} name={record.title} onClose={() => setSharing(false)} /> : null}
      {choosingAlbum && toAlbum ? (
        <toAlbum.Dialog item={{ kind: 'audio', id: record.id }} name={record.title} onClose={() => setChoosingAlbum(false)} />
      ) : null}
    </article>
  );
});
