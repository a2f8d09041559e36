import { api } from '@/lib/api/client';
import { uploadMedia } from '@/lib/api/media';
import { mediaQueries } from '@/lib/api/media-list';
import type { UploadOptions } from '@/lib/api/upload';
import type { AudioRecord, TrimRequest } from '@/contract/media';

/** One audio record as the API returns it: the shared contract's schema, so both halves agree on it. */
export type { AudioRecord };

export const AUDIO_LIST_ERROR = 'Ошибка при загрузке аудиозаписей';
export const UPDATE_SUCCESS = 'Запись успешно обновлена';
export const AUDIO_FILE_FIELD = 'audio_file';

/** GET /api/media/audio/?t=… (the cache-busting timestamp), and the kind's query keys. */
export const audioQueries = mediaQueries<AudioRecord, 'audio'>('audio');

export interface CreateAudioInput {
  file: Blob;
  fileName: string;
  title: string;
  description?: string;
}

/** POST /api/media/audio/ multipart (title, description, audio_file) → 201 record. */
export function createAudio(input: CreateAudioInput, options: UploadOptions = {}): Promise<AudioRecord> {
  return uploadMedia<AudioRecord>('audio', { fileField: AUDIO_FILE_FIELD, ...input }, options);
}

/** POST /api/media/audio/{id}/trim/ → 202 with the record, processing while the server cuts it to the part. */
export function trimAudio(id: number, part: TrimRequest): Promise<AudioRecord> {
  return api.post(`media/audio/${encodeURIComponent(String(id))}/trim/`, { json: part }).json<AudioRecord>();
}
