import { api } from '@/lib/api/client';
import { setFavorite } from '@/lib/api/favorites';
import { deleteMedia, restoreMedia, updateMedia, uploadMedia } from '@/lib/api/media';
import { listTrash } from '@/lib/api/trash';
import { mediaQueries } from '@/lib/api/media-list';
import type { UploadOptions } from '@/lib/api/upload';
import { UNTRIMMED_SUFFIX, type AudioRecord, type TrimRequest } from '@/contract/media';

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

/** GET /api/media/audio/{id}/: one recording as it is now. */
export function getAudio(id: number): Promise<AudioRecord> {
  return api.get(`media/audio/${encodeURIComponent(String(id))}/`, { headers: { 'Cache-Control': 'no-cache' } }).json<AudioRecord>();
}

/** The recording as it was when its trim was asked for: what the trim's undo puts back. */
export type UntrimmedFrom = Pick<AudioRecord, 'id' | 'title' | 'description' | 'created_at' | 'is_favorite'>;

/** The trim's undo could not find, or bring back, the untrimmed recording (the trash still holds it). */
export class UndoTrimFailed extends Error {}

const POLL_MS = 1_000;
const WAIT_LIMIT_MS = 120_000;

/**
 * «Отменить» after a trim, with the API there is: the server cuts in a job and then puts the untrimmed recording
 * in the trash as a record of its own, «<title> (до обрезки)», made when the original was. So: wait for the cut
 * (the record leaves «processing»), find that copy (the newest deleted one with the suffix and the original's
 * date), bring it back under its old title and star, then move the cut recording to the trash. Each step only
 * adds or moves to the trash, so a failure half-way loses nothing (both stay, in the list or the trash). The
 * restored recording is a new record: albums and links of the cut one stay with it, in the trash. Resolves to the
 * restored recording's id.
 */
export async function undoTrim(from: UntrimmedFrom, wait = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<number> {
  for (let waited = 0; ; waited += POLL_MS) {
    const now = await getAudio(from.id);
    if (now.status === 'failed') throw new UndoTrimFailed('the trim failed: the recording stayed whole');
    if (now.status !== 'processing') break;
    if (waited >= WAIT_LIMIT_MS) throw new UndoTrimFailed('the trim is not done yet');
    await wait(POLL_MS);
  }
  const trash = await listTrash();
  const copy = trash
    .filter((t) => t.kind === 'audio' && t.created_at === from.created_at && t.title.endsWith(UNTRIMMED_SUFFIX))
    .sort((a, b) => b.deleted_at.localeCompare(a.deleted_at))[0];
  if (!copy) throw new UndoTrimFailed('no untrimmed copy in the trash');
  await restoreMedia('audio', copy.id);
  await updateMedia('audio', copy.id, { title: from.title, description: from.description });
  if (from.is_favorite) await setFavorite('audio', copy.id, true);
  await deleteMedia('audio', from.id);
  return copy.id;
}
