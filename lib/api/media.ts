import { ApiError } from '@/lib/api/api-error';
import type { MediaKind } from '@/contract/media';
import { api } from '@/lib/api/client';
import { deleteWithFallbacks, patchWithFallbacks } from '@/lib/api/fallbacks';
import { getUsage } from '@/lib/api/storage-space';
import { uploadForm, type UploadOptions } from '@/lib/api/upload';
import type { SignedLink, Usage } from '@/contract/media';
import { quotaExceededMessage } from '@/contract/storage-space';

/** What every media kind shares: upload, edit, delete, restore and download of one kind's items (the list: media-list.ts). */

export type { MediaKind };

export interface MediaDetails {
  title: string;
  description: string;
}

const itemPath = (kind: MediaKind, id: number | string) => `media/${kind}/${encodeURIComponent(String(id))}/`;

// ---------------------------------------------------------------- create

export interface UploadMediaInput {
  /** Multipart field carrying the file: 'audio_file' for audio, 'file' for photo and video. */
  fileField: string;
  file: Blob;
  fileName: string;
  title: string;
  description?: string;
}

/**
 * POST /api/media/{kind}/ multipart (title, description, then the file) with upload progress → 201 record.
 * With a quota, a file that would not fit is refused before anything is sent (ensureRoomFor).
 */
export async function uploadMedia<T>(kind: MediaKind, input: UploadMediaInput, options: UploadOptions = {}): Promise<T> {
  await ensureRoomFor(input.file.size);
  const form = () => {
    const fd = new FormData();
    fd.append('title', input.title);
    fd.append('description', input.description ?? '');
    // The file goes last so the server has the text fields before it streams the bytes.
    fd.append(input.fileField, input.file, input.fileName);
    return fd;
  };
  return uploadForm<T>(`media/${kind}/`, form, options);
}

/**
 * Fails, with the refusal the server would give (413 and its Russian message), when `bytes` more would
 * take the owner past the quota. When the usage cannot be read the upload goes ahead: the server checks
 * again anyway.
 */
async function ensureRoomFor(bytes: number): Promise<void> {
  let usage: Usage;
  try {
    usage = await getUsage();
  } catch {
    return;
  }
  if (typeof usage.quota_bytes === 'number' && usage.total_bytes + bytes > usage.quota_bytes) {
    throw new ApiError(413, { detail: quotaExceededMessage(usage.quota_bytes - usage.total_bytes, usage.quota_bytes) });
  }
}

// ---------------------------------------------------------------- update, delete and retry

/**
 * Title and description from the answer, the record (contract), else what was sent: a fallback's answer may
 * carry no record (a 204).
 */
export function readUpdatedDetails(body: unknown, sent: MediaDetails): MediaDetails {
  const pick = (key: keyof MediaDetails): string | undefined => {
    if (!body || typeof body !== 'object') return undefined;
    const v = (body as Record<string, unknown>)[key];
    return typeof v === 'string' ? v : undefined;
  };
  return { title: pick('title') ?? sent.title, description: pick('description') ?? sent.description };
}

/** PATCH /api/media/{kind}/{id}/ with title and description (the fallbacks only when it cannot get through). */
export async function updateMedia(kind: MediaKind, id: number | string, data: MediaDetails): Promise<MediaDetails> {
  const body = await patchWithFallbacks(itemPath(kind, id), { title: data.title, description: data.description });
  return readUpdatedDetails(body, data);
}

/** DELETE /api/media/{kind}/{id}/ (the fallbacks only when it cannot get through). */
export function deleteMedia(kind: MediaKind, id: number | string): Promise<void> {
  return deleteWithFallbacks(itemPath(kind, id));
}

/** POST /api/media/{kind}/{id}/retry/ → 202 with the record, processing again (only a record whose processing failed). */
export function retryMedia<T>(kind: MediaKind, id: number | string): Promise<T> {
  return api.post(`${itemPath(kind, id)}retry/`).json<T>();
}

// ---------------------------------------------------------------- download

/**
 * GET /api/media/{kind}/{id}/download-link/[?format=…] → a signed, expiring /media/ URL whose answer is
 * the file as an attachment under the server's name (the title plus the file's extension).
 */
export async function getDownloadLink(kind: MediaKind, id: number | string, format?: string): Promise<string> {
  const { url } = await api.get(`${itemPath(kind, id)}download-link/`, format ? { searchParams: { format } } : {}).json<SignedLink>();
  return url;
}

// ---------------------------------------------------------------- trash

/** POST /api/media/{kind}/{id}/restore/: the deleted item comes back from the trash (the snackbar's «Отменить»). */
export async function restoreMedia(kind: MediaKind, id: number | string): Promise<void> {
  await api.post(`${itemPath(kind, id)}restore/`);
}
