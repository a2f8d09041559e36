'use client';

import { useState } from 'react';
import { ConfirmMediaDelete, MediaItemActions } from '@/components/media/media-item-actions';
import { AppDialog } from '@/components/ui/app-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useMediaItemActions } from '@/hooks/use-media-item-actions';
import { useSnackbar } from '@/hooks/use-snackbar';
import { useDeleteVideo, useDownloadVideo, useRestoreVideo, useUpdateVideo } from '@/hooks/use-video-mutations';
import type { VideoDownloadFormat, VideoRecord } from '@/lib/api/video';
import { formatDuration } from '@/lib/media/playback/format-duration';
import { videoDetailsSchema } from '@/lib/schemas/video';
import { VIDEO_FAILED, VIDEO_PROCESSING } from './video-grid';

export const VIDEO_UPDATED = 'Видео успешно обновлено';
export const VIDEO_DELETED = 'Видео удалено';
export const VIDEO_RESTORED = 'Видео восстановлено';
export const VIDEO_DOWNLOAD_ERROR = 'Ошибка при скачивании видео';

const FORM_ID = 'video-details-form';

/**
 * Native <video controls> on the MP4 rendition (the original while there is none), with the poster;
 * title/description (title required), download as MP4 or the original, deletion after confirmation.
 */
export function VideoPlayerDialog({ video, onClose }: { video: VideoRecord; onClose: () => void }) {
  const update = useUpdateVideo();
  const remove = useDeleteVideo();
  const download = useDownloadVideo();
  const { showError } = useSnackbar();
  const restore = useRestoreVideo();
  const actions = useMediaItemActions({
    update,
    remove,
    restore,
    updatedMessage: VIDEO_UPDATED,
    deletedMessage: VIDEO_DELETED,
    restoredMessage: VIDEO_RESTORED,
    onDeleted: onClose,
  });
  const [downloading, setDownloading] = useState<VideoDownloadFormat | null>(null);
  const [playError, setPlayError] = useState(false);

  const src = video.playable ?? video.file;
  const canPlay = video.status === 'ready' && !!src;
  const hasMp4 = video.status === 'ready' && (!!video.playable || video.mime_type === 'video/mp4');
  const duration = formatDuration(video.duration);

  const startDownload = async (format: VideoDownloadFormat) => {
    setDownloading(format);
    try {
      await download.mutateAsync({ video, format });
    } catch {
      showError(VIDEO_DOWNLOAD_ERROR);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <>
      <AppDialog
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
            <p className="text-sm text-slate-700">
              {duration ? `Длительность ${duration}` : null}
              {duration && video.width && video.height ? ' · ' : null}
              {video.width && video.height ? `${video.width} × ${video.height}` : null}
            </p>
          ) : null}
          <MediaItemActions
            key={video.id}
            formId={FORM_ID}
            schema={videoDetailsSchema}
            details={video}
            saving={update.isPending}
            onSave={(values) => actions.save(video.id, values)}
            onDelete={actions.askDelete}
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
      </AppDialog>
      <ConfirmMediaDelete
        open={actions.confirmingDelete}
        title="Удалить видео"
        name={video.title || 'Без названия'}
        busy={remove.isPending}
        onConfirm={() => void actions.confirmDelete(video.id)}
        onCancel={actions.cancelDelete}
      />
    </>
  );
}
