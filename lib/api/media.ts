import { queryOptions } from '@tanstack/react-query';
import { api, readJson, refreshAccessToken } from '@/lib/api/client';
import { sessionTokenStore } from '@/lib/auth/session';
import { filenameFromContentDisposition, mp3FileName } from '@/lib/media/content-disposition';
import { HttpStatusError, runStrategies, type Strategy } from '@/lib/media/fallback';

export type MediaKind = 'audio' | 'photo' | 'video';

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

export interface MediaDetails {
  title: string;
  description: string;
}

export const AUDIO_LIST_ERROR = 'Ошибка при загрузке аудиозаписей';
export const SAVE_RECORDING_ERROR = 'Ошибка при сохранении записи';
export const UPDATE_SUCCESS = 'Запись успешно обновлена';
export const UPDATE_ERROR_PREFIX = 'Ошибка при обновлении записи: ';
export const DELETE_ERROR_PREFIX = 'Ошибка при удалении записи: ';

/** The snackbar text for a failed edit (the update fallbacks already say 'Ошибка при обновлении записи: …'). */
export function updateErrorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Ошибка при обновлении записи';
}

/** The snackbar text for a failed deletion: always 'Ошибка при удалении записи: …'. */
export function deleteErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message.startsWith(DELETE_ERROR_PREFIX)) return error.message;
  return `${DELETE_ERROR_PREFIX}${String((error as Error)?.message ?? error)}`;
}

const itemPath = (kind: MediaKind, id: number | string) => `media/${kind}/${encodeURIComponent(String(id))}/`;

/** The error body of a failed request (ky HTTPError or HttpStatusError), or null. */
export async function errorBody(error: unknown): Promise<unknown> {
  if (error instanceof HttpStatusError) return error.body;
  const response = (error as { response?: Response } | null)?.response;
  if (response && typeof response.clone === 'function') {
    try {
      const text = await response.clone().text();
      return text ? JSON.parse(text) : null;
    } catch {
      return null;
    }
  }
  return null;
}

/** DRF body → one readable line: detail, else the preferred field's first message, else any field's first message. */
export function messageFromBody(body: unknown, preferField?: string): string | null {
  if (!body) return null;
  if (typeof body === 'string') return body.trim() || null;
  if (typeof body !== 'object') return null;
  const obj = body as Record<string, unknown>;
  if (typeof obj.detail === 'string' && obj.detail) return obj.detail;
  const first = (v: unknown): string | null => {
    if (typeof v === 'string') return v;
    if (Array.isArray(v))
      for (const x of v) {
        const m = first(x);
        if (m) return m;
      }
    return null;
  };
  if (preferField && preferField in obj) {
    const m = first(obj[preferField]);
    if (m) return m;
  }
  for (const key of Object.keys(obj)) {
    if (key === 'code') continue;
    const m = first(obj[key]);
    if (m) return m;
  }
  return null;
}

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

export function listAudio(): Promise<AudioRecord[]> {
  return listMedia<AudioRecord>('audio');
}

export const audioQueries = {
  all: () => ['media', 'audio'] as const,
  list: () => queryOptions({ queryKey: [...audioQueries.all(), 'list'] as const, queryFn: listAudio }),
};

// ---------------------------------------------------------------- create (upload with progress)

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..1 */
  fraction: number;
}

interface XhrResult {
  status: number;
  text: string;
}

/**
 * XMLHttpRequest rather than ky: fetch upload progress needs request streams, which Chromium only
 * allows over HTTP/2 — our server speaks HTTP/1.1. The bearer comes from the same token store as ky.
 */
function xhrSend(
  method: string,
  url: string,
  body: FormData,
  token: string | null,
  onProgress?: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<XhrResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (onProgress) {
      xhr.upload.onprogress = (e) => {
        const total = e.lengthComputable ? e.total : 0;
        onProgress({ loaded: e.loaded, total, fraction: total ? e.loaded / total : 0 });
      };
    }
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('Upload aborted', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(body);
  });
}

const parseText = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
};

export interface CreateAudioInput {
  file: Blob;
  fileName: string;
  title: string;
  description?: string;
}

export const AUDIO_FILE_FIELD = 'audio_file';

/** POST /api/media/audio/ multipart (title, description, audio_file) → 201 record. Throws HttpStatusError on failure. */
export function createAudio(
  input: CreateAudioInput,
  options: { onProgress?: (p: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<AudioRecord> {
  return uploadMedia<AudioRecord>('audio', { fileField: AUDIO_FILE_FIELD, ...input }, options);
}

/**
 * The recorder's save error: '<prefix>: <the server's detail or its first error on the file field>',
 * '<prefix>: нет соединения с сервером' when no answer came, else the prefix alone.
 */
export async function recordingSaveErrorMessage(error: unknown, prefix: string, fileField: string): Promise<string> {
  const detail = messageFromBody(await errorBody(error), fileField);
  if (detail) return `${prefix}: ${detail}`;
  if (error instanceof TypeError) return `${prefix}: нет соединения с сервером`;
  return prefix;
}

/** 'Ошибка при сохранении записи: <detail or the first audio_file error>' */
export function saveErrorMessage(error: unknown): Promise<string> {
  return recordingSaveErrorMessage(error, SAVE_RECORDING_ERROR, AUDIO_FILE_FIELD);
}

// ---------------------------------------------------------------- native fetch (the last fallbacks)

async function nativeFetch(method: string, path: string, body?: BodyInit): Promise<unknown> {
  const send = (token: string | null) => {
    const headers = new Headers({ Accept: 'application/json' });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return fetch(`/api/${path}`, { method, body, headers, credentials: 'include' });
  };
  let response = await send(sessionTokenStore.getAccess());
  if (response.status === 401) {
    const token = await refreshAccessToken();
    if (token) response = await send(token);
  }
  if (!response.ok) throw new HttpStatusError(response.status, parseText(await response.text().catch(() => '')));
  return readJson<unknown>(response);
}

async function kyBody(promise: Promise<Response>): Promise<unknown> {
  const response = await promise;
  if (response.status === 204) return null;
  return readJson<unknown>(response);
}

// ---------------------------------------------------------------- update (PATCH with fallbacks)

const formUrlEncoded = (fields: Record<string, string>) => new URLSearchParams(fields);
const multipart = (fields: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
};

/**
 * The six ways to PATCH, tried in order until one succeeds: form-urlencoded; multipart; JSON with a
 * method-override header; POST with _method=PATCH; native multipart fetch; native form-urlencoded fetch.
 */
export function updateStrategies(kind: MediaKind, id: number | string, data: MediaDetails): Strategy<unknown>[] {
  const path = itemPath(kind, id);
  const fields = { title: data.title, description: data.description };
  return [
    { label: 'PATCH form-urlencoded', run: () => kyBody(api.patch(path, { body: formUrlEncoded(fields) })) },
    { label: 'PATCH multipart', run: () => kyBody(api.patch(path, { body: multipart(fields) })) },
    {
      label: 'POST JSON + X-HTTP-Method-Override: PATCH',
      run: () => kyBody(api.post(path, { json: fields, headers: { 'X-HTTP-Method-Override': 'PATCH' } })),
    },
    { label: 'POST _method=PATCH', run: () => kyBody(api.post(path, { body: formUrlEncoded({ _method: 'PATCH', ...fields }) })) },
    { label: 'fetch PATCH multipart', run: () => nativeFetch('PATCH', path, multipart(fields)) },
    { label: 'fetch PATCH form-urlencoded', run: () => nativeFetch('PATCH', path, formUrlEncoded(fields)) },
  ];
}

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

/** PATCH /api/media/{kind}/{id}/ — first strategy that works wins. Throws FallbackError('Ошибка при обновлении записи: …'). */
export async function updateMedia(kind: MediaKind, id: number | string, data: MediaDetails): Promise<MediaDetails> {
  const body = await runStrategies(updateStrategies(kind, id, data), {
    prefix: UPDATE_ERROR_PREFIX,
    detailOf: async (e) => messageFromBody(await errorBody(e)),
  });
  return readUpdatedDetails(body, data);
}

// ---------------------------------------------------------------- delete (with fallbacks)

/** The ways to delete, tried in order: plain DELETE; POST _method=DELETE; native fetch DELETE. */
export function deleteStrategies(kind: MediaKind, id: number | string): Strategy<unknown>[] {
  const path = itemPath(kind, id);
  return [
    { label: 'DELETE', run: () => kyBody(api.delete(path)) },
    { label: 'POST _method=DELETE', run: () => kyBody(api.post(path, { body: formUrlEncoded({ _method: 'DELETE' }) })) },
    { label: 'fetch DELETE', run: () => nativeFetch('DELETE', path) },
  ];
}

/** Throws FallbackError('Ошибка при удалении записи: …'). */
export async function deleteMedia(kind: MediaKind, id: number | string): Promise<void> {
  await runStrategies(deleteStrategies(kind, id), {
    prefix: DELETE_ERROR_PREFIX,
    detailOf: async (e) => messageFromBody(await errorBody(e)),
  });
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

/** Fetches the MP3 through ky (bearer + refresh) and returns it with its file name. */
export function downloadAudio(record: Pick<AudioRecord, 'id' | 'title' | 'download_url'>): Promise<{ blob: Blob; filename: string }> {
  return downloadMediaFile('audio', record, { fallbackName: mp3FileName(record.title), accept: 'audio/mpeg, */*' });
}

// ---------------------------------------------------------------- shared by the photo and video screens

export interface UploadMediaInput {
  /** Multipart field carrying the file: 'audio_file' for audio, 'file' for photo and video. */
  fileField: string;
  file: Blob;
  fileName: string;
  title: string;
  description?: string;
}

/**
 * POST /api/media/{kind}/ multipart with upload progress (XHR; on a 401 the same single-flight
 * refresh as ky's hook, then one retry with the new token).
 * Throws HttpStatusError (status + DRF body) on a refusal, TypeError when no answer came.
 */
export async function uploadMedia<T>(
  kind: MediaKind,
  input: UploadMediaInput,
  options: { onProgress?: (p: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<T> {
  const url = `/api/media/${kind}/`;
  const form = () => {
    const fd = new FormData();
    fd.append('title', input.title);
    fd.append('description', input.description ?? '');
    // The file goes last so the server has the text fields before it streams the bytes.
    fd.append(input.fileField, input.file, input.fileName);
    return fd;
  };
  let result = await xhrSend('POST', url, form(), sessionTokenStore.getAccess(), options.onProgress, options.signal);
  if (result.status === 401) {
    const token = await refreshAccessToken();
    if (token) result = await xhrSend('POST', url, form(), token, options.onProgress, options.signal);
  }
  if (result.status < 200 || result.status >= 300) throw new HttpStatusError(result.status, parseText(result.text));
  return readJson<T>(new Response(result.text));
}

/**
 * The message for one refused upload: the server's word on the file field (or its detail),
 * else `fallback` (e.g. 'Не удалось загрузить файл «name»').
 */
export async function uploadErrorMessage(error: unknown, fileField: string, fallback: string): Promise<string> {
  const body = await errorBody(error);
  return messageFromBody(body, fileField) ?? fallback;
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
