import { Transform, type Readable } from 'node:stream';
import { NETWORK_ERROR_CODES } from '../network-errors.ts';

/**
 * Where media bytes live: local disk (local.ts, the default) or an S3 bucket (s3.ts), the same contract
 * on both (tests/server/storage/backends.test.ts). Keys are relative paths like `u/42/audio/abc.webm`;
 * every file of a user sits under `u/{userId}/`, so deleting an account is deletePrefix(userPrefix(id)).
 * Nothing here holds a whole file in memory: bytes go in and out as streams.
 */
export interface Storage {
  /** True when the bytes are files on this machine (local disk): withLocalFile then costs nothing, a stream would gain nothing. */
  readonly localFiles: boolean;
  /** Streams `source` into `key`; on any error nothing is left at `key`. Optional byte limit aborts with StorageLimitError. */
  put(key: string, source: Readable, opts?: { maxBytes?: number }): Promise<{ size: number }>;
  /** Streams bytes; range end is inclusive. A missing key fails the stream with code ENOENT. */
  read(key: string, range?: { start: number; end: number }): Readable;
  /** The key's size, or null when nothing is stored under it. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the key, and whatever the adapter left of it half-written (a crash mid-put); a missing key is no error. */
  delete(key: string): Promise<void>;
  /** Removes every key under a folder prefix: '' (everything) or one ending in '/' (`u/42/`, never `u/4`). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * Runs `use` with a local file holding the key's bytes, for tools that need a file (ffmpeg seeks in
   * MP4/MOV; sharp would hold a streamed input whole in memory). Local storage passes its own file;
   * object storage a temporary copy in its work folder under DATA_DIR, removed once `use` settles.
   * `dir`: where such a copy goes instead (a job's own work folder, which goes with the job's run).
   */
  withLocalFile<T>(key: string, use: (file: string) => Promise<T>, dir?: string): Promise<T>;
  /**
   * Every stored key that starts with `prefix` (any string: `u/42/`, `u/42/audio/abc`), with its last
   * change, in no particular order; never the adapter's own temp files. What sweeps and reconciliation
   * walk to find bytes no row names.
   */
  list(prefix: string): AsyncIterable<StoredKey>;
  /**
   * Deletes the adapter's own temp files (a put or a local copy a crash cut short) untouched since
   * `olderThan`, and returns how many it removed.
   */
  removeStaleTemp(olderThan: Date): Promise<number>;
  /**
   * Renames `from` to `to` (same storage). Optional: without it callers copy and delete
   * (see moveKey), so adapters written for other features need not implement it.
   */
  move?(from: string, to: string): Promise<void>;
  /**
   * Multipart uploads begun under `prefix` (any string) and neither completed nor aborted: what an upload
   * cut off by a killed process leaves in a bucket, stored (and billed) but listed as no object. Object
   * storage only; local disk has none (its half-written files are removeStaleTemp's).
   */
  unfinishedUploads?(prefix: string): AsyncIterable<UnfinishedUpload>;
  /** Aborts one (its parts are gone); one already completed or aborted is no error. */
  abortUnfinished?(upload: UnfinishedUpload): Promise<void>;
}

export interface UnfinishedUpload {
  key: string;
  uploadId: string;
  /** When it was begun, by the storage's clock. */
  initiated: Date;
}

/** Fails unless `prefix` names a folder of keys ('' or ending in '/'): `u/4` would also take `u/40/`. */
export function assertFolderPrefix(prefix: string): void {
  if (prefix !== '' && !prefix.endsWith('/')) throw new Error(`not a folder prefix: ${prefix}`);
}

export interface StoredKey {
  key: string;
  modifiedAt: Date;
}

/** Moves a stored object, using Storage.move when the adapter has it, else copy + delete. */
export async function moveKey(storage: Storage, from: string, to: string): Promise<void> {
  if (storage.move) return storage.move(from, to);
  await storage.put(to, storage.read(from));
  await storage.delete(from);
}

export class StorageLimitError extends Error {
  constructor(public readonly limit: number) {
    super(`upload exceeds ${limit} bytes`);
  }
}

/**
 * A pass-through stream that counts what a put() writes and fails with StorageLimitError at the
 * first byte over `maxBytes` (no limit when undefined).
 */
export function byteCounter(maxBytes: number | undefined): Transform & { bytes(): number } {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      if (maxBytes !== undefined && size > maxBytes) cb(new StorageLimitError(maxBytes));
      else cb(null, chunk);
    },
  });
  return Object.assign(counter, { bytes: () => size });
}

/**
 * The media storage cannot be used now: a folder that is read-only or full, a bucket that does not answer,
 * times out, refuses the keys or fails on its side. The server's trouble, which passes, not the uploader's:
 * requests answer 503 with Retry-After, jobs try again later. Both adapters raise it (asStorageError), for
 * whatever operation met the trouble; `cause` is what the storage said.
 */
export class StorageUnavailable extends Error {
  constructor(cause: unknown) {
    super(`media storage unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** What a storage adapter throws for an error it met: StorageUnavailable when the error says so, else the error itself. */
export function asStorageError(err: unknown): unknown {
  return err instanceof StorageUnavailable || !storageIsUnavailable(err) ? err : new StorageUnavailable(err);
}

/** The same, for a place that must throw an Error. */
export const asStorageFailure = (err: unknown): Error => {
  const e = asStorageError(err);
  return e instanceof Error ? e : new Error(String(e));
};

/**
 * Whether an error of the disk or of the bucket says the storage cannot be used now, rather than that a
 * key is missing (ENOENT, NoSuchKey: the caller's business) or a request was wrong.
 */
function storageIsUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; name?: unknown; message?: unknown; syscall?: unknown; $metadata?: { httpStatusCode?: number } };
  if (typeof e.code === 'string' && DISK_CODES.has(e.code)) return true;
  // A network error of our own request (the SDK's, with its $metadata, or a socket call of ours); an
  // uploader's connection cut off also says ECONNRESET, but has neither, and is the uploader's business.
  const ours = e.$metadata !== undefined || typeof e.syscall === 'string';
  if (ours && typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return true;
  // The SDK's timeouts (connection, request, socket inactivity) are TimeoutError, also when no code is set.
  if (e.name === 'TimeoutError' || (typeof e.name === 'string' && UNAVAILABLE_S3_ERRORS.has(e.name))) return true;
  const status = e.$metadata?.httpStatusCode;
  if (typeof status === 'number' && (status >= 500 || status === 403 || status === 405)) return true;
  return ours && typeof e.message === 'string' && /socket hang up|ECONNREFUSED|ECONNRESET/.test(e.message);
}

/** Local disk: read-only, refused, full, over quota, failing. */
const DISK_CODES = new Set(['EROFS', 'EACCES', 'EPERM', 'ENOSPC', 'EDQUOT', 'EIO']);

/** The network towards a bucket. */
const NETWORK_CODES = new Set(NETWORK_ERROR_CODES);

/** The bucket's own words for trouble on its side or with the keys (HTTP 403 and 5xx are matched by status too). */
const UNAVAILABLE_S3_ERRORS = new Set([
  'NoSuchBucket',
  'AccessDenied',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'ServiceUnavailable',
  'SlowDown',
  'InternalError',
  'RequestTimeout',
  // A call the server does not implement (stock s3rver's ListParts, ListMultipartUploads): not the uploader's
  // fault either, and not passing; storage/abilities.ts finds them at start and turns what needs them off.
  'NotImplemented',
  'MethodNotAllowed',
]);

export const userPrefix = (userId: number) => `u/${userId}/`;

/**
 * Suffix of an upload's bytes before they are checked (media and avatars alike). The start-up sweep
 * removes such keys left untouched for an hour, so a crash between storing and checking leaves nothing.
 */
export const UPLOAD_SUFFIX = '.upload';
