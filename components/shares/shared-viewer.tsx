'use client';

import { useCallback, useState } from 'react';
import { IconButton } from '@/components/ui/icon-button';
import { neighbours, VIEWER_BAR_BUTTON, ViewerFacts, ViewerFrame, ViewerIcon } from '@/components/media/viewer/viewer-frame';
import type { SharedItem } from '@/contract/shares';
import { viewerTimeZone } from '@/lib/media/media-dates';
import { stepIndex } from '@/lib/media/lists/viewer-index';
import { formatClock } from '@/lib/media/playback/format-duration';
import { recordFacts } from '@/lib/media/viewer-facts';
import { sharedTitle } from './shared-words';

/** What a guest opens full-screen: a shared album's photos and videos. */
export type ViewableShared = Extract<SharedItem, { kind: 'photo' | 'video' }>;

/** The picture contained in the screen over its thumbnail, or the video's player. */
function SharedStage({ item }: { item: ViewableShared }) {
  if (item.kind === 'video') {
    return item.playable ? (
      <video
        key={item.playable}
        src={item.playable}
        poster={item.poster ?? undefined}
        controls
        playsInline
        preload="metadata"
        className="h-full w-full object-contain"
        aria-label={`Видео: ${sharedTitle(item)}`}
        data-testid="shared-viewer-video"
      />
    ) : null;
  }
  const src = item.preview ?? item.file ?? item.thumbnail;
  if (!src) return null;
  return (
    <>
      {item.thumbnail && item.thumbnail !== src ? (
        <img src={item.thumbnail} alt="" aria-hidden="true" className="absolute inset-0 h-full w-full object-contain" draggable={false} />
      ) : null}
      <img
        src={src}
        alt={sharedTitle(item)}
        className="relative h-full w-full object-contain"
        draggable={false}
        data-testid="shared-viewer-image"
        width={item.width ?? undefined}
        height={item.height ?? undefined}
      />
    </>
  );
}

/**
 * A shared album's photos and videos full-screen, for a guest: the owner's viewer frame (components/media/viewer)
 * with the link's URLs — ←/→, swipes, zoom — and what a guest may do: «Скачать» when the link allows it (the
 * share-scoped copy, never the original) and «Сведения» (when it was taken, its size in pixels, the description).
 */
export function SharedViewer({
  items,
  id,
  onMove,
  onClose,
}: {
  items: readonly ViewableShared[];
  id: string;
  onMove: (id: string) => void;
  onClose: () => void;
}) {
  const index = items.findIndex((item) => item.id === id);
  const item = items[index];
  const count = items.length;
  const [info, setInfo] = useState(false);
  const step = useCallback(
    (delta: 1 | -1) => {
      const target = items[stepIndex(index, delta, count)];
      if (target && target.id !== id) onMove(target.id);
    },
    [items, index, count, id, onMove],
  );
  if (!item) return null;
  const photo = item.kind === 'photo';
  return (
    <ViewerFrame
      label={photo ? 'Просмотр фотографии' : 'Просмотр видео'}
      previous="Предыдущий файл"
      next="Следующий файл"
      index={index}
      count={count}
      onStep={step}
      onClose={onClose}
      itemKey={item.id}
      name={sharedTitle(item)}
      zoomable={photo}
      stage={<SharedStage item={item} />}
      preload={neighbours(index, count).map((i) => {
        const next = items[i];
        return next ? (next.kind === 'photo' ? (next.preview ?? next.file) : next.poster) : null;
      })}
      actions={
        <>
          {item.download_url ? (
            <a
              href={item.download_url}
              download
              aria-label="Скачать"
              title="Скачать"
              className={`inline-flex items-center justify-center rounded-lg text-white hover:bg-white/20 ${VIEWER_BAR_BUTTON}`}
            >
              <ViewerIcon name="download" />
            </a>
          ) : null}
          <IconButton label="Сведения" tone="media" className={VIEWER_BAR_BUTTON} aria-pressed={info} onClick={() => setInfo((v) => !v)}>
            <ViewerIcon name="info" />
          </IconButton>
        </>
      }
      info={
        info ? (
          <ViewerFacts
            description={item.description.trim()}
            facts={recordFacts(item, { timeZone: viewerTimeZone(), length: item.kind === 'video' ? formatClock(item.duration) : null })}
          />
        ) : null
      }
      onCloseInfo={() => setInfo(false)}
    />
  );
}
