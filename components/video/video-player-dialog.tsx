'use client';

import { useState } from 'react';
import { FavoriteButton } from '@/components/favorites/favorite-button';
import { AddToAlbumButton } from '@/components/albums/add-to-album';
import { ShareButton } from '@/components/shares/share-button';
import { ConfirmMediaDelete, MediaItemActions } from '@/components/media/media-item-actions';
import { Dialog } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { MediaViewerProps } from '@/components/media/item-props';
import { useMediaItemActions } from '@/hooks/use-media-item-actions';
import type { VideoDownloadFormat } from '@/lib/api/video';
import { MEDIA_KINDS } from '@/lib/media/kinds';
import { formatDuration } from '@/lib/media/playback/format-duration';
import { VIDEO_FAILED, VIDEO_PROCESSING } from './video-card';

const { text, detailsSchema } = MEDIA_KINDS.video;

const FORM_ID = 'video-details-form';

/**
 * Native <video controls> on the MP4 rendition (the original while there is none), with the poster;
 * title/description (title required), download as MP4 or the original, deletion after confirmation.
 */
export function VideoPlayerDialog({ items, id, onClose, extraActions }: MediaViewerProps<'video'>) {
  const actions = useMediaItemActions('video', { onDeleted: onClose });
  const [downloading, setDownloading] = useState<VideoDownloadFormat | null>(null);
  const [playError, setPlayError] = useState(false);
  // The live record, so a video that finishes processing becomes playable in place; gone (deleted): nothing.
  const video = items.find((v) => v.id === id);
  if (!video) return null;

  const src = video.playable ?? video.file;
  const canPlay = video.status === 'ready' && !!src;
  // The server's MP4 download is the metadata-free copy it made; an original is never offered as one.
  const hasMp4 = video.status === 'ready' && !!video.playable;
  const duration = formatDuration(video.duration);

  const startDownload = async (format: VideoDownloadFormat) => {
    setDownloading(format);
    try {
      await actions.startDownload(video.id, format);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <>
      <Dialog
        open
        onClose={() => {
          if (!actions.confirmingDelete && !actions.busy) onClose();
        }}
        title="Просмотр видео"
        width={960}
      >
        <div className="flex flex-col gap-4">
          <div className="flex aspect-video w-full items-center justify-center overflow-hidden rounded-md bg-slate-900">
            {canPlay && !playError ? (
              <video
                key={src}
                src={src}
                poster={video.poster ?? undefined}
                controls
                playsInline
                preload="metadata"
                className="h-full w-full"
                data-testid="video-player"
                aria-label={`Видео: ${video.title || 'Без названия'}`}
                onError={() => setPlayError(true)}
              />
            ) : video.status === 'processing' ? (
              <p className="flex items-center gap-2 text-sm text-white">
                <Spinner /> Видео {VIDEO_PROCESSING}…
              </p>
            ) : (
              <p className="px-4 text-center text-sm text-white" role="alert">
                {video.status === 'failed' ? (video.failure_reason ?? VIDEO_FAILED) : 'Не удалось воспроизвести видео'}
              </p>
            )}
          </div>
          {duration || (video.width && video.height) ? (
            <p className="text-sm text-fg-muted">
              {duration ? `Длительность ${duration}` : null}
              {duration && video.width && video.height ? ' · ' : null}
              {video.width && video.height ? `${video.width} × ${video.height}` : null}
            </p>
          ) : null}
          <MediaItemActions
            key={video.id}
            formId={FORM_ID}
            schema={detailsSchema}
            details={video}
            saving={actions.saving}
            onSave={(values) => actions.save(video.id, values)}
            onDelete={actions.askDelete}
            leading={
              <>
                <FavoriteButton kind="video" id={video.id} favorite={video.is_favorite} />
                <ShareButton target={{ kind: 'video', id: video.id }} name={video.title || 'Без названия'} />
                <AddToAlbumButton item={{ kind: 'video', id: video.id }} name={video.title || 'Без названия'} />
                {extraActions?.(video)}
              </>
            }
            downloads={
              <>
                {hasMp4 ? (
                  <Button
                    variant="secondary"
                    onClick={() => void startDownload('mp4')}
                    loading={downloading === 'mp4'}
                    disabled={downloading !== null}
                  >
                    Скачать MP4
                  </Button>
                ) : null}
                <Button
                  variant="secondary"
                  onClick={() => void startDownload('original')}
                  loading={downloading === 'original'}
                  disabled={downloading !== null}
                >
                  Скачать оригинал
                </Button>
              </>
            }
          />
        </div>
      </Dialog>
      <ConfirmMediaDelete
        open={actions.confirmingDelete}
        title={text.deleteTitle}
        name={video.title || 'Без названия'}
        busy={actions.deleting}
        onConfirm={() => void actions.confirmDelete(video.id)}
        onCancel={actions.cancelDelete}
      />
    </>
  );
}
