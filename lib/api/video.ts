import { getDownloadLink, uploadMedia } from '@/lib/api/media';
import { timelineQueries } from '@/lib/api/timeline';
import type { UploadOptions } from '@/lib/api/upload';
import type { VideoRecord } from '@/contract/media';

/** Where a video is: the contract's statuses. */
export type { MediaStatus as VideoStatus } from '@/contract/media';

/** One video record as the API returns it: the shared contract's schema, so both halves agree on it. */
export type { VideoRecord };

export const VIDEO_LIST_ERROR = 'Ошибка при загрузке видео';
export const VIDEO_FILE_FIELD = 'file';

/** The videos' timeline: GET /api/media/video/buckets/ and ?month= (lib/api/timeline.ts). */
export const videoTimeline = timelineQueries<VideoRecord, 'video'>('video');

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

/** A signed link to ?format=mp4 (the playable rendition) or ?format=original (the uploaded bytes), saved under the title. */
export function videoDownloadLink(record: Pick<VideoRecord, 'id'>, format: VideoDownloadFormat): Promise<string> {
  return getDownloadLink('video', record.id, format);
}
