import { api } from '@/lib/api/client';
import { deleteWithFallbacks, patchWithFallbacks } from '@/lib/api/fallbacks';
import { uploadForm, type UploadOptions } from '@/lib/api/upload';
import { filenameFromContentDisposition } from '@/lib/media/content-disposition';

/** What every media kind shares: list, upload, edit, delete and download of one kind's items. */

export type MediaKind = 'audio' | 'photo' | 'video';

export interface MediaDetails {
  title: string;
  description: string;
}

const itemPath = (kind: MediaKind, id: number | string) => `media/${kind}/${encodeURIComponent(String(id))}/`;

// ---------------------------------------------------------------- list

/** The list answer: a plain array (contract), or DRF's paginated `{ results: [...] }`; anything else is empty. */
function asList<T>(data: unknown): T[] {
  if (Array.isArray(data)) return data as T[];
  if (data && typeof data === 'object' && Array.isArray((data as { results?: unknown }).results)) {
    return (data as { results: T[] }).results;
  }
  return [];
}

/** GET /api/media/{kind}/?t=… (the spec's cache-busting timestamp). */
export async function listMedia<T>(kind: MediaKind): Promise<T[]> {
  const data = await api.get(`media/${kind}/`, { searchParams: { t: Date.now() } }).json<unknown>();
  return asList<T>(data);
}

// ---------------------------------------------------------------- create

export interface UploadMediaInput {
  /** Multipart field carrying the file: 'audio_file' for audio, 'file' for photo and video. */
  fileField: string;
  file: Blob;
  fileName: string;
  title: string;
  description?: string;
}

/** POST /api/media/{kind}/ multipart (title, description, then the file) with upload progress → 201 record. */
export function uploadMedia<T>(kind: MediaKind, input: UploadMediaInput, options: UploadOptions = {}): Promise<T> {
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

// ---------------------------------------------------------------- update, delete and retry

/** Title and description from the answer — at the top level or under `data` — else what was sent. */
export function readUpdatedDetails(body: unknown, sent: MediaDetails): MediaDetails {
  const pick = (o: unknown, key: keyof MediaDetails): string | undefined => {
    if (!o || typeof o !== 'object') return undefined;
    const v = (o as Record<string, unknown>)[key];
    return typeof v === 'string' ? v : undefined;
  };
  const nested = body && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
  return {
    title: pick(body, 'title') ?? pick(nested, 'title') ?? sent.title,
    description: pick(body, 'description') ?? pick(nested, 'description') ?? sent.description,
  };
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

/** '/api/media/audio/1/download/' or its absolute form → 'media/audio/1/download/' for ky's prefixUrl. */
export function apiRelativePath(url: string | null | undefined, fallback: string): string {
  if (!url) return fallback;
  try {
    const u = new URL(url, 'http://placeholder.invalid');
    if (u.pathname.startsWith('/api/')) return `${u.pathname.slice('/api/'.length)}${u.search}`;
  } catch {
    // fall through
  }
  return fallback;
}

/**
 * GET /api/media/{kind}/{id}/download/ through ky (bearer + refresh) → the bytes and the server's
 * file name (Content-Disposition), else `fallbackName`. `format` is the server's ?format= choice.
 */
export async function downloadMediaFile(
  kind: MediaKind,
  record: { id: number; download_url?: string | null },
  options: { format?: string; fallbackName: string; accept?: string },
): Promise<{ blob: Blob; filename: string }> {
  const base = apiRelativePath(record.download_url, `media/${kind}/${record.id}/download/`);
  const path = options.format ? `${base}${base.includes('?') ? '&' : '?'}format=${encodeURIComponent(options.format)}` : base;
  const response = await api.get(path, { headers: { Accept: options.accept ?? '*/*' } });
  const blob = await response.blob();
  const filename = filenameFromContentDisposition(response.headers.get('Content-Disposition')) ?? options.fallbackName;
  return { blob, filename };
}
