import { queryOptions } from '@tanstack/react-query';
import { downloadMediaFile, listMedia, uploadMedia } from '@/lib/api/media';
import type { UploadOptions } from '@/lib/api/upload';

export type VideoStatus = 'processing' | 'ready' | 'failed';

/** One video as GET /api/media/video/ returns it; the MP4 rendition and poster are made in the background. */
export interface VideoRecord {
  id: number;
  title: string;
  description: string;
  /** Signed URL of the original upload. */
  file: string | null;
  /** Signed URL of the H.264/AAC MP4, or null while processing / when it failed. */
  playable: string | null;
  /** Signed URL of a JPEG frame, or null. */
  poster: string | null;
  /** Seconds, once processed. */
  duration: number | null;
  width: number | null;
  height: number | null;
  mime_type?: string;
  size?: number;
  status: VideoStatus;
  created_at: string;
  download_url?: string;
}

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
