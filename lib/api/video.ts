import { uploadMedia } from '@/lib/api/media';
import type { UploadOptions } from '@/lib/api/upload';
import type { VideoRecord } from '@/contract/media';

/** One video record as the API returns it: the shared contract's schema, so both halves agree on it. */
export type { VideoRecord };

export const VIDEO_LIST_ERROR = 'Ошибка при загрузке видео';
export const VIDEO_FILE_FIELD = 'file';

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
