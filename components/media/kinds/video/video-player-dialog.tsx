'use client';

import { useState } from 'react';
import type { MediaViewerProps } from '@/components/media/item/item-props';
import { MediaViewer, viewerFacts, type ViewerKind } from '@/components/media/viewer/media-viewer';
import { Spinner } from '@/components/ui/spinner';
import type { VideoRecord } from '@/contract/media';
import { formatClock } from '@/lib/media/playback/format-duration';
import { PROCESSING } from '@/components/media/item/tile-status';
import { VIDEO_FAILED } from './video-card';

const videoName = (video: Pick<VideoRecord, 'title'>) => video.title || 'Без названия';

/** Native <video controls> on the MP4 rendition (the original while there is none), with the poster, contained in the screen. */
function VideoStage({ record: video }: { record: VideoRecord }) {
  const [playError, setPlayError] = useState(false);
  const src = video.playable ?? video.file;
  if (video.status === 'ready' && src && !playError) {
    return (
      <video
        key={src}
        src={src}
        poster={video.poster ?? undefined}
        controls
        playsInline
        preload="metadata"
        className="h-full w-full object-contain"
        data-testid="video-player"
        aria-label={`Видео: ${videoName(video)}`}
        onError={() => setPlayError(true)}
      />
    );
  }
  if (video.status === 'processing') {
    return (
      <p className="flex items-center gap-2 px-4 text-sm">
        <Spinner /> Видео {PROCESSING}…
      </p>
    );
  }
  return (
    <p className="px-4 text-center text-sm" role="alert">
      {video.status === 'failed' ? (video.failure_reason ?? VIDEO_FAILED) : 'Не удалось воспроизвести видео'}
    </p>
  );
}

const VIDEO_VIEWER: ViewerKind<'video'> = {
  kind: 'video',
  label: 'Просмотр видео',
  previous: 'Предыдущее видео',
  next: 'Следующее видео',
  name: videoName,
  zoomable: false,
  Stage: VideoStage,
  facts: (video) => viewerFacts(video, formatClock(video.duration)),
  // The server's MP4 is the metadata-free copy it made; an original is never offered as one.
  downloads: (video, start) => [
    ...(video.status === 'ready' && video.playable ? [{ label: 'Скачать MP4', onSelect: () => start('mp4') }] : []),
    { label: 'Скачать оригинал', onSelect: () => start('original') },
  ],
  preload: (video) => video.poster,
};

/** A video full-screen (components/media/viewer): the player, ←/→ and swipes through the videos in view, «Сведения». */
export function VideoPlayerDialog(props: MediaViewerProps<'video'>) {
  return <MediaViewer spec={VIDEO_VIEWER} {...props} />;
}
