import type { Readable } from 'node:stream';

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
  /** Deletes every key starting with `prefix`: a folder (`u/7/`) or a name prefix (`u/7/audio/AbC.`), half-written copies included. */
  deletePrefix(prefix: string): Promise<void>;
  /** A local file path for tools such as ffmpeg and sharp (local storage returns the real path). */
  localPath(key: string): Promise<string>;
  /**
   * Renames `from` to `to` (same storage). Optional: without it callers copy and delete
   * (see moveKey), so adapters written for other features need not implement it.
   */
  move?(from: string, to: string): Promise<void>;
  /**
   * Housekeeping (the storage reconciliation), optional. `list` yields the stored keys starting with
   * a prefix (a folder or a name prefix) with their last change (never the adapter's own temp files);
   * `removeStaleTemp` deletes the adapter's half-written temp files untouched since `olderThan` (a
   * crash mid-write) and returns how many it removed.
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

export const userPrefix = (userId: number) => `u/${userId}/`;

/**
 * Suffix of an upload's bytes before they are checked (media and avatars alike). The start-up sweep
 * removes such keys left untouched for an hour, so a crash between storing and checking leaves nothing.
 */
export const UPLOAD_SUFFIX = '.upload';
