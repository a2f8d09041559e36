import { queryOptions } from '@tanstack/react-query';
import { downloadMediaFile, listMedia, uploadMedia } from '@/lib/api/media';
import type { UploadOptions } from '@/lib/api/upload';
import type { VideoRecord } from '@/lib/contract/media';

/** Where a video is: the contract's statuses. */
export type { MediaStatus as VideoStatus } from '@/lib/contract/media';

/** One video record as the API returns it: the shared contract's schema, so both halves agree on it. */
export type { VideoRecord };

export const VIDEO_LIST_ERROR = 'Ошибка при загрузке видео';
export const VIDEO_FILE_FIELD = 'file';

/** GET /api/media/video/?t=… */
export function listVideos(): Promise<VideoRecord[]> {
  return listMedia<VideoRecord>('video');
}

export const videoQueries = {
  all: () => ['media', 'video'] as const,
  list: () => queryOptions({ queryKey: [...videoQueries.all(), 'list'] as const, queryFn: listVideos }),
};

/** POST /api/media/video/ multipart (file, title, description) → 201, status 'processing'. */
export function uploadVideo(
  input: { file: Blob; fileName: string; title: string; description?: string },
  options: UploadOptions = {},
): Promise<VideoRecord> {
  return uploadMedia<VideoRecord>(
    'video',
    {
      fileField: VIDEO_FILE_FIELD,
      file: input.file,
      fileName: input.fileName || 'video',
      title: input.title,
      description: input.description,
    },
    options,
  );
}

export type VideoDownloadFormat = 'mp4' | 'original';

/** ?format=mp4 (the playable rendition) or ?format=original (the uploaded bytes). */
export function downloadVideo(record: Pick<VideoRecord, 'id' | 'title' | 'download_url' | 'mime_type'>, format: VideoDownloadFormat) {
  const ext = format === 'mp4' ? 'mp4' : (record.mime_type?.split('/')[1] ?? 'webm');
  return downloadMediaFile('video', record, {
    format,
    fallbackName: `${record.title.trim() || `video-${record.id}`}.${ext}`,
    accept: 'video/*, */*',
  });
}
