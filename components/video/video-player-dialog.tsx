'use client';

import { useState } from 'react';
import type { MediaViewerProps } from '@/components/media/item-props';
import { MediaViewer, type ViewerKind } from '@/components/media/viewer/media-viewer';
import { Spinner } from '@/components/ui/spinner';
import type { VideoRecord } from '@/lib/contract/media';
import { formatBytes } from '@/lib/contract/storage-space';
import { formatDateTime, viewerTimeZone, wallClockOf } from '@/lib/media/media-dates';
import { formatDuration } from '@/lib/media/playback/format-duration';
import { VIDEO_FAILED, VIDEO_PROCESSING } from './video-card';

const dateFormat = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : dateFormat.format(d);
};
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
        <Spinner /> Видео {VIDEO_PROCESSING}…
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
  facts: (video) => {
    const lines: [string, string][] = [];
    if (video.taken_at) lines.push(['Снято', formatDateTime(wallClockOf(video, viewerTimeZone()))]);
    const uploaded = formatDate(video.created_at);
    if (uploaded) lines.push(['Загружено', uploaded]);
    const duration = formatDuration(video.duration);
    if (duration) lines.push(['Длительность', duration]);
    if (video.width && video.height) lines.push(['Разрешение', `${video.width}\u00a0×\u00a0${video.height}`]);
    lines.push(['Размер', formatBytes(video.size)]);
    return lines;
  },
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
