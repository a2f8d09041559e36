import { queryOptions } from '@tanstack/react-query';
import { downloadMediaFile, listMedia, uploadMedia } from '@/lib/api/media';
import type { UploadOptions } from '@/lib/api/upload';
import { mp3FileName } from '@/lib/media/content-disposition';
import type { AudioRecord } from '@/lib/contract/media';

/** One audio record as the API returns it: the shared contract's schema, so both halves agree on it. */
export type { AudioRecord };

export const AUDIO_LIST_ERROR = 'Ошибка при загрузке аудиозаписей';
export const UPDATE_SUCCESS = 'Запись успешно обновлена';
export const AUDIO_FILE_FIELD = 'audio_file';

export function listAudio(): Promise<AudioRecord[]> {
  return listMedia<AudioRecord>('audio');
}

export const audioQueries = {
  all: () => ['media', 'audio'] as const,
  list: () => queryOptions({ queryKey: [...audioQueries.all(), 'list'] as const, queryFn: listAudio }),
};

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

/** Fetches the MP3 through ky (bearer + refresh) and returns it with its file name. */
export function downloadAudio(record: Pick<AudioRecord, 'id' | 'title' | 'download_url'>): Promise<{ blob: Blob; filename: string }> {
  return downloadMediaFile('audio', record, { fallbackName: mp3FileName(record.title), accept: 'audio/mpeg, */*' });
}
