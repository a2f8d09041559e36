import { queryOptions } from '@tanstack/react-query';
import { downloadMediaFile, listMedia, uploadMedia } from '@/lib/api/media';
import type { UploadOptions } from '@/lib/api/upload';
import { mp3FileName } from '@/lib/media/content-disposition';

/** One audio record as the list returns it (contract: plain array, newest first). */
export interface AudioRecord {
  id: number;
  title: string;
  description: string;
  /** Signed absolute URL of the playable MP3 once ready; may be null while processing. */
  audio_file: string | null;
  original_file?: string | null;
  /** Peaks 0..1 for the waveform. */
  waveform_data: number[] | null;
  /** Seconds. */
  duration: number | null;
  created_at: string;
  mime_type?: string;
  size?: number;
  status?: string;
  download_url?: string;
}

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
