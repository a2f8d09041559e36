import { Transform, type Readable } from 'node:stream';

/**
 * Where media bytes live. Keys are relative paths like `u/42/audio/abc.webm`.
 * Every file of a user sits under `u/{userId}/`, so deleting an account is deletePrefix(userPrefix(id)).
 */
export interface Storage {
  /** Streams `source` into `key`; on any error nothing is left at `key`. Optional byte limit aborts with StorageLimitError. */
  put(key: string, source: Readable, opts?: { maxBytes?: number }): Promise<{ size: number }>;
  /** Streams bytes; range end is inclusive. */
  read(key: string, range?: { start: number; end: number }): Readable;
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
  /**
   * Runs `use` with a local file holding the key's bytes, for tools that need a file (ffmpeg seeks in
   * MP4/MOV; sharp would hold a streamed input whole in memory). Local storage passes its own file;
   * object storage a temporary copy in its work folder under DATA_DIR, removed once `use` settles.
   */
  withLocalFile<T>(key: string, use: (file: string) => Promise<T>): Promise<T>;
  /**
   * Renames `from` to `to` (same storage). Optional: without it callers copy and delete
   * (see moveKey), so adapters written for other features need not implement it.
   */
  move?(from: string, to: string): Promise<void>;
  /**
   * Start-up housekeeping, optional. `list` yields the stored keys under a prefix with their last
   * change (never the adapter's own temp files); `removeStaleTemp` deletes the adapter's half-written
   * temp files untouched since `olderThan` (a crash mid-write) and returns how many it removed.
   */
  list?(prefix: string): AsyncIterable<StoredKey>;
  removeStaleTemp?(olderThan: Date): Promise<number>;
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

/** The storage itself failed (a bucket refusing or unreachable): the server's trouble, not the uploader's. */
export class StorageFailure extends Error {
  constructor(cause: unknown) {
    super(`storage failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export const userPrefix = (userId: number) => `u/${userId}/`;

/**
 * Suffix of an upload's bytes before they are checked (media and avatars alike). The start-up sweep
 * removes such keys left untouched for an hour, so a crash between storing and checking leaves nothing.
 */
export const UPLOAD_SUFFIX = '.upload';
