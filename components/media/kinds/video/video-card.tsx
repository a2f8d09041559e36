'use client';

import { memo } from 'react';
import { FavoriteButton } from '@/components/favorites/favorite-button';
import { ProcessingFailed } from '@/components/media/item/processing-failed';
import { isOthers, ownerLine, OwnerChip } from '@/components/media/item/owner-mark';
import { SelectCheck } from '@/components/media/selection/select-check';
import { TileMenu } from '@/components/media/item/tile-menu';
import { TileStatus } from '@/components/media/item/tile-status';
import { PlayPauseIcon } from '@/components/ui/play-pause-icon';
import type { MediaItemProps } from '@/components/media/item/item-props';
import { useSelectableItem } from '@/components/media/selection/use-selectable-item';
import { formatDate, viewerTimeZone, wallClockOf } from '@/lib/media/media-dates';
import { durationLabel, formatClock } from '@/lib/media/playback/format-duration';

export const VIDEO_FAILED = 'Не удалось обработать видео';

/**
 * One video, as every video tile looks alike whatever its shape (YouTube's and Google Photos'): a 16:9 box with
 * the poster fitted in it on a dark ground (a portrait clip is not cropped to a strip, nor does it stretch its
 * row), the length as the player will show it («0:08»), then the title on up to two lines and the day it was
 * filmed (`taken_at`, the upload's day when the file says nothing). Opens the player. Where the screen selects,
 * a check mark on the poster (and a click, while selecting) selects it; the star and an album's «⋯» sit on the
 * poster as on a photo.
 */
export const VideoCard = memo(function VideoCard({
  record: video,
  onOpen,
  actions,
  onSelect,
  selected = false,
  selecting = false,
}: MediaItemProps<'video'>) {
  const duration = video.status === 'ready' ? formatClock(video.duration) : null;
  const name = video.title || 'Без названия';
  const headingId = `video-${video.id}-title`;
  // Another account's video (a partner's, a shared album's) is only watched: not starred, selected or changed here.
  const others = isOthers(video);
  const press = useSelectableItem(video.id, { selecting, onSelect: others ? undefined : onSelect }, () => onOpen(video));
  const by = ownerLine(video);
  const filmed = wallClockOf(video, viewerTimeZone());
  return (
    <article
      aria-labelledby={headingId}
      data-testid="video-card"
      data-status={video.status}
      data-selected={selected ? 'true' : undefined}
      data-owner={video.owner ? video.owner.id : undefined}
      className="group/select relative flex min-w-0 flex-col gap-2"
    >
      <div className="relative">
        <button
          type="button"
          {...press}
          data-video-id={video.id}
          data-item-id={video.id}
          aria-label={`Открыть видео: ${name}`}
          className={`relative block aspect-video w-full overflow-hidden rounded-lg bg-neutral-900 focus-visible:outline-offset-2 ${selected ? 'ring-2 ring-accent ring-offset-2 ring-offset-canvas' : ''}`}
        >
          {video.poster ? (
            <img
              src={video.poster}
              alt=""
              loading="lazy"
              decoding="async"
              draggable={false}
              className="h-full w-full object-contain"
              data-testid="video-poster"
            />
          ) : null}
          <TileStatus record={video} failed={VIDEO_FAILED} shade="bg-slate-900/70" testId="video-processing" />
          {video.status === 'ready' && !video.poster ? (
            <PlayPauseIcon playing={false} className="absolute inset-0 m-auto h-10 w-10 text-white/80" />
          ) : null}
          {duration ? (
            <span
              className="absolute bottom-1.5 right-1.5 rounded bg-slate-900/85 px-1.5 py-0.5 text-xs font-medium tabular-nums text-white"
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
            name={name}
            selected={selected}
            selecting={selecting}
            onSelect={onSelect}
            className="absolute left-0 top-0"
          />
        )}
        {others ? null : (
          <FavoriteButton kind="video" id={video.id} name={name} favorite={video.is_favorite} onTile className="absolute right-0 top-0" />
        )}
        {actions?.length ? <TileMenu label={`Действия: ${name}`} entries={actions} className="absolute left-0 top-0" /> : null}
      </div>
      <div className="flex min-w-0 flex-col gap-0.5 px-0.5">
        <h2 id={headingId} className="line-clamp-2 break-words text-sm font-semibold leading-5 text-fg" title={video.title}>
          {name}
        </h2>
        <time dateTime={video.taken_at ?? video.created_at} className="text-xs text-fg-muted" data-testid="video-date">
          {formatDate(filmed)}
        </time>
        {by ? (
          <p className="truncate text-xs text-fg-muted" data-testid="item-owner">
            {by}
          </p>
        ) : null}
        {video.status === 'failed' ? (
          <div className="pt-1">
            <ProcessingFailed kind="video" id={video.id} name={name} />
          </div>
        ) : null}
      </div>
    </article>
  );
});
