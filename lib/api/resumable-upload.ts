import type { DetailedError, HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import type { MediaKind } from '@/contract/media';
import { RESUMABLE_UPLOADS_PATH } from '@/contract/uploads';
import { ERROR_CODE, errorCodeOf } from '@/contract/errors';
import { ApiError, decodeErrorBody } from './api-error';
import { uploadMedia } from './media';
import { sendAuthorized } from './client';
import { keptRecordOf } from '@/lib/media-errors';
import { parseJsonWithRewrite } from './rewrite-urls';
import type { UploadOptions } from './upload';

/**
 * Uploads of files by the tus protocol (tus-js-client): a cut connection is retried from where the
 * server stopped, and a file chosen again after a reload goes on from there too, because the upload's
 * address is kept in localStorage under the file's fingerprint (its owner, kind, name, type, size and
 * change time) until the upload succeeds.
 */

/** Each PATCH carries at most this much: a cut costs little, and proxies with body limits pass it. */
export const RESUMABLE_CHUNK_BYTES = 16 * 1024 * 1024;

/** Waits before each retry of a failed request; after the last one the upload fails. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000];

export interface ResumableUploadInput {
  kind: MediaKind;
  file: File;
  title: string;
  description?: string;
  /** The signed-in user's id: one browser's uploads of two accounts never resume each other's. */
  owner: number;
}

/** The key an unfinished upload of this file is kept under. */
export function resumableFingerprint(owner: number, kind: MediaKind, file: File): string {
  return ['kopilka', owner, kind, file.name, file.type, file.size, file.lastModified].join('-');
}

/**
 * Which failures are worth another try: no answer, a server fault, a lock held a moment, or the
 * upload's place on the server having moved on or gone (the retry asks where to go on, or starts
 * anew). A refusal of the file itself (its type, its size, a file already kept) is final.
 */
export function mayRetry(status: number | null, body: unknown): boolean {
  if (status === null || status >= 500 || status === 423 || status === 404 || status === 410) return true;
  return status === 409 && !keptRecordOf(body);
}

/** The multipart field of a kind's file (the spec's): `audio_file` for audio, `file` for photos and video. */
export const fileFieldOf = (kind: MediaKind) => (kind === 'audio' ? 'audio_file' : 'file');

/** Whether a refusal says this server takes no resumable uploads (its storage lacks what tus needs). */
export const resumableUnavailable = (error: unknown) =>
  error instanceof ApiError && error.status === 503 && errorCodeOf(error.data) === ERROR_CODE.resumable_unavailable;

/** Set once the server said it takes no resumable uploads: the rest of this page's uploads go whole at once. */
let wholeOnly = false;

/**
 * Sends a file as a resumable upload of `kind` (POST /api/uploads/, then PATCHes) with progress, and
 * resolves with the record the last request answers. Fails with ApiError as the multipart upload does
 * (an abort stays an AbortError and leaves the upload to be resumed). A server whose storage takes no
 * resumable uploads (503 `resumable_unavailable`) gets the file whole, as one multipart request.
 */
export async function uploadResumable<T>(input: ResumableUploadInput, options: UploadOptions = {}): Promise<T> {
  const whole = () =>
    uploadMedia<T>(
      input.kind,
      {
        fileField: fileFieldOf(input.kind),
        file: input.file,
        fileName: input.file.name,
        title: input.title,
        description: input.description,
      },
      options,
    );
  if (wholeOnly) return whole();
  try {
    return await sendResumable<T>(input, options);
  } catch (error) {
    if (!resumableUnavailable(error)) throw error;
    wholeOnly = true;
    return whole();
  }
}

async function sendResumable<T>(input: ResumableUploadInput, options: UploadOptions): Promise<T> {
  const { Upload, DefaultHttpStack } = await import('tus-js-client');
  const endpoint = new URL(RESUMABLE_UPLOADS_PATH, window.location.href).toString();
  const { signal, onProgress } = options;
  return new Promise<T>((resolve, reject) => {
    const aborted = () => reject(new DOMException('Upload aborted', 'AbortError'));
    if (signal?.aborted) return aborted();
    const upload = new Upload(input.file, {
      endpoint,
      chunkSize: RESUMABLE_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      metadata: {
        kind: input.kind,
        title: input.title,
        description: input.description ?? '',
        filename: input.file.name,
      },
      fingerprint: (file: File) => Promise.resolve(resumableFingerprint(input.owner, input.kind, file)),
      removeFingerprintOnSuccess: true,
      httpStack: new AuthorizedHttpStack(new DefaultHttpStack({})),
      onProgress: (loaded, total) => onProgress?.({ loaded, total, fraction: total ? loaded / total : 0 }),
      onShouldRetry: (err) => mayRetry(...answerOf(err)),
      onSuccess: ({ lastResponse }) => {
        const text = lastResponse.getBody();
        if (!text) return reject(new ApiError(lastResponse.getStatus(), null));
        resolve(parseJsonWithRewrite(text) as T);
      },
      onError: (err) => {
        const [status, body] = answerOf(err);
        // The server failed it after every retry: it is cancelled there (tus termination), so that it does not
        // count toward the unfinished uploads the server allows; sending the file again starts anew. A cut
        // connection (no answer) keeps it, to go on from where it stopped.
        if (status !== null && status >= 500) void upload.abort(true).catch(() => {});
        reject(status === null ? ApiError.noAnswer(err) : new ApiError(status, body));
      },
    });
    signal?.addEventListener(
      'abort',
      () => {
        void upload.abort(false);
        aborted();
      },
      { once: true },
    );
    void upload
      .findPreviousUploads()
      .then((previous) => {
        const latest = [...previous].sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (latest) upload.resumeFromPreviousUpload(latest);
      })
      .catch(() => {})
      .finally(() => {
        if (!signal?.aborted) upload.start();
      });
  });
}

/** The status and decoded body of the answer a tus request failed with; a null status when none came. */
function answerOf(err: Error | DetailedError): [number | null, unknown] {
  const response = 'originalResponse' in err ? err.originalResponse : null;
  if (!response) return [null, null];
  return [response.getStatus(), decodeErrorBody(response.getBody() ?? '')];
}

/**
 * tus-js-client's requests with the session's bearer and its 401 → refresh → one retry, as every
 * other request of the web app (lib/api/session-auth.ts).
 */
class AuthorizedHttpStack implements HttpStack {
  constructor(private readonly inner: HttpStack) {}
  createRequest(method: string, url: string): HttpRequest {
    return new AuthorizedRequest(this.inner, method, url);
  }
  getName(): string {
    return 'AuthorizedHttpStack';
  }
}

class AuthorizedRequest implements HttpRequest {
  private readonly headers = new Map<string, string>();
  private progress: ((bytesSent: number) => void) | null = null;
  private current: HttpRequest | null = null;

  constructor(
    private readonly inner: HttpStack,
    private readonly method: string,
    private readonly url: string,
  ) {}

  getMethod() {
    return this.method;
  }
  getURL() {
    return this.url;
  }
  setHeader(header: string, value: string) {
    this.headers.set(header, value);
  }
  getHeader(header: string) {
    return this.headers.get(header);
  }
  setProgressHandler(handler: (bytesSent: number) => void) {
    this.progress = handler;
  }
  async send(body: unknown): Promise<HttpResponse> {
    const answer = await sendAuthorized(this.url, async (token) => {
      const request = this.inner.createRequest(this.method, this.url);
      this.headers.forEach((value, name) => request.setHeader(name, value));
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
      if (this.progress) request.setProgressHandler(this.progress);
      this.current = request;
      const response = await request.send(body);
      return { status: response.getStatus(), response };
    });
    return answer.response;
  }
  abort() {
    return this.current?.abort() ?? Promise.resolve();
  }
  getUnderlyingObject(): unknown {
    return this.current?.getUnderlyingObject();
  }
}
