import { getDownloadLink, uploadMedia } from '@/lib/api/media';
import { timelineQueries } from '@/lib/api/timeline';
import type { UploadOptions } from '@/lib/api/upload';
import type { PhotoRecord } from '@/contract/media';

/** One photo record as the API returns it: the shared contract's schema, so both halves agree on it. */
export type { PhotoRecord };

export const PHOTO_LIST_ERROR = 'Ошибка при загрузке фотографий';
export const PHOTO_FILE_FIELD = 'file';

/** The photos' timeline: GET /api/media/photo/buckets/ and ?month= (lib/api/timeline.ts). */
export const photoTimeline = timelineQueries<PhotoRecord, 'photo'>('photo');

/** POST /api/media/photo/ multipart (file, title, description) with upload progress. */
export function uploadPhoto(input: { file: File; title: string; description?: string }, options: UploadOptions = {}): Promise<PhotoRecord> {
  return uploadMedia<PhotoRecord>(
    'photo',
    {
      fileField: PHOTO_FILE_FIELD,
      file: input.file,
      fileName: input.file.name || 'photo',
      title: input.title,
      description: input.description,
    },
    options,
  );
}

/**
 * A signed link to the owner's exact original bytes (?format=original — the default download is the
 * served copy, which drops EXIF/GPS), saved under the title and the real extension.
 */
export function photoDownloadLink(record: Pick<PhotoRecord, 'id'>): Promise<string> {
  return getDownloadLink('photo', record.id, 'original');
}
