'use client';

import { memo } from 'react';
import { FavoriteButton } from '@/components/favorites/favorite-button';
import { ProcessingFailed } from '@/components/media/item/processing-failed';
import { isOthers, ownerLine, OwnerChip } from '@/components/media/item/owner-mark';
import { SelectCheck } from '@/components/media/selection/select-check';
import { TileStatus } from '@/components/media/item/tile-status';
import { Menu } from '@/components/ui/menu';
import { MoreIcon } from '@/components/ui/more-icon';
import { PlayPauseIcon } from '@/components/ui/play-pause-icon';
import type { MediaItemProps } from '@/components/media/item/item-props';
import { useSelectableItem } from '@/components/media/selection/use-selectable-item';
import { durationLabel, formatDuration } from '@/lib/media/playback/format-duration';

export const VIDEO_FAILED = 'Не удалось обработать видео';

const dateFormat = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium' });
const formatDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateFormat.format(d);
};

/**
 * One video: its poster with the duration, title and date; opens the player. `actions`: a «⋯» menu by its star.
 * Where the screen selects, a check mark on the poster (and a click, while selecting) selects it.
 */
export const VideoCard = memo(function VideoCard({
  record: video,
  onOpen,
  actions,
  onSelect,
  selected = false,
  selecting = false,
}: MediaItemProps<'video'>) {
  const duration = video.status === 'ready' ? formatDuration(video.duration) : null;
  const headingId = `video-${video.id}-title`;
  // Another account's video (a partner's, a shared album's) is only watched: not starred, selected or changed here.
  const others = isOthers(video);
  const press = useSelectableItem(video.id, { selecting, onSelect: others ? undefined : onSelect }, () => onOpen(video));
  const by = ownerLine(video);
  return (
    <article
      aria-labelledby={headingId}
      data-testid="video-card"
      data-status={video.status}
      data-selected={selected ? 'true' : undefined}
      data-owner={video.owner ? video.owner.id : undefined}
      className={`group/select relative flex h-full flex-col overflow-hidden rounded-lg border bg-surface shadow-sm ${selected ? 'border-accent ring-2 ring-accent' : 'border-line'}`}
    >
      <button
        type="button"
        {...press}
        data-video-id={video.id}
        data-item-id={video.id}
        aria-label={`Открыть видео: ${video.title || 'Без названия'}`}
        className="relative block aspect-video w-full bg-slate-900"
      >
        {video.poster ? (
          <img
            src={video.poster}
            alt=""
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover"
            data-testid="video-poster"
          />
        ) : null}
        <TileStatus record={video} failed={VIDEO_FAILED} shade="bg-slate-900/70" testId="video-processing" />
        {video.status === 'ready' && !video.poster ? (
          <PlayPauseIcon playing={false} className="absolute inset-0 m-auto h-10 w-10 text-white/80" />
        ) : null}
        {duration ? (
          <span
            className="absolute bottom-2 right-2 rounded bg-slate-900/85 px-1.5 py-0.5 text-xs font-medium tabular-nums text-white"
            data-testid="video-duration"
            aria-label={durationLabel(video.duration) ?? undefined}
          >
            {duration}
          </span>
        ) : null}
      </button>
      {others ? (
        <OwnerChip record={video} className="absolute right-1.5 top-1.5" />
      ) : (
        <SelectCheck
          id={video.id}
          name={video.title || 'Без названия'}
          selected={selected}
          selecting={selecting}
          onSelect={onSelect}
          className="absolute left-0 top-0"
        />
      )}
      <div className="flex flex-col gap-0.5 px-3 py-2">
        <div className="flex items-center justify-between gap-2">
          <h2 id={headingId} className="truncate text-sm font-semibold text-fg" title={video.title}>
            {video.title || 'Без названия'}
          </h2>
          <div className="-my-1.5 -mr-2 flex shrink-0 items-center">
            {others ? null : (
              <FavoriteButton kind="video" id={video.id} name={video.title || 'Без названия'} favorite={video.is_favorite} />
            )}
            {actions?.length ? (
              <Menu
                label={`Действия: ${video.title || 'Без названия'}`}
                button={<MoreIcon />}
                buttonClassName="inline-flex h-10 w-10 items-center justify-center rounded-lg text-fg-muted hover:bg-surface-3 hover:text-fg pointer-coarse:h-11 pointer-coarse:w-11"
                entries={actions}
              />
            ) : null}
          </div>
        </div>
        <time dateTime={video.created_at} className="text-xs text-fg-muted">
          {formatDate(video.created_at)}
        </time>
        {by ? (
          <p className="truncate text-xs text-fg-muted" data-testid="item-owner">
            {by}
          </p>
        ) : null}
        {video.status === 'failed' ? (
          <div className="pt-1">
            <ProcessingFailed kind="video" id={video.id} name={video.title || 'Без названия'} />
          </div>
        ) : null}
      </div>
    </article>
  );
});
