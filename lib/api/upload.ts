import { ApiError } from './api-error';
import { apiUrl, sendAuthorized } from './client';
import { parseJsonWithRewrite } from './rewrite-urls';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..1 */
  fraction: number;
}

export interface UploadOptions {
  onProgress?: (p: UploadProgress) => void;
  signal?: AbortSignal;
}

interface XhrAnswer {
  status: number;
  text: string;
}

/**
 * One multipart POST by XMLHttpRequest rather than ky: fetch upload progress needs request
 * streams, which Chromium only allows over HTTP/2, and the server speaks HTTP/1.1.
 */
function xhrPost(url: string, body: FormData, token: string | null, options: UploadOptions): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const { onProgress, signal } = options;
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
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
    xhr.onerror = () => reject(ApiError.noAnswer(new TypeError('Network error')));
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

/**
 * POSTs a multipart form to an API path with upload progress, the session's bearer and its
 * 401 → refresh → one retry (`form` builds a fresh body for the retry). Resolves with the
 * URL-rewritten JSON answer; fails with ApiError (an abort stays an AbortError).
 */
export async function uploadForm<T>(path: string, form: () => FormData, options: UploadOptions = {}): Promise<T> {
  const url = apiUrl(path);
  const answer = await sendAuthorized(url, (token) => xhrPost(url, form(), token, options));
  if (answer.status < 200 || answer.status >= 300) throw ApiError.fromText(answer.status, answer.text);
  return (answer.text ? parseJsonWithRewrite(answer.text) : undefined) as T;
}
