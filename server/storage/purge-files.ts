import type { Storage } from './storage.ts';
import type { JobSpec } from '../jobs/queue.ts';
import type { JobDefinition } from '../jobs/job.ts';

/**
 * Stored bytes to remove for good: single keys, and every key starting with a prefix (a record's
 * files all start with its base name; an account's with `u/<id>/`). Half-written copies of the keys
 * named go too (a listing does not show them: name the upload's temp key).
 */
export interface PurgeFiles {
  keys?: string[];
  prefixes?: string[];
}

/**
 * The job that removes stored bytes for good ('purge-files'). It retries until every byte is gone,
 * so whatever enqueues it (deleting a record, an account, emptying the trash, an upload cut off by a
 * crash) can answer at once. Enqueue it in the transaction that removes the rows naming the bytes.
 */
export const purgeFilesJob = (files: PurgeFiles): JobSpec => ({ kind: 'purge-files', payload: files });

/** Reads a purge job's payload; anything else in it is ignored. */
export function parsePurgeFiles(payload: string): PurgeFiles {
  const raw = JSON.parse(payload) as { keys?: unknown; prefixes?: unknown };
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string' && s !== '') : []);
  return { keys: strings(raw.keys), prefixes: strings(raw.prefixes) };
}

/** Every purged prefix lies inside one user's folder (`u/<id>/…`): no purge can empty the whole store. */
const USER_FOLDER = /^u\/\d+\//;

/**
 * Removes the bytes, and aborts the unfinished multipart uploads writing them: every key and prefix is
 * tried, and if any could not be removed the whole purge fails (to be run again; removing what is already
 * gone is no error).
 */
export async function purgeFiles(storage: Storage, files: PurgeFiles): Promise<void> {
  const outside = (files.prefixes ?? []).find((p) => !USER_FOLDER.test(p));
  if (outside !== undefined) throw new Error(`refusing to purge ${JSON.stringify(outside)}: not inside one user's folder`);
  const failures: unknown[] = [];
  for (const key of files.keys ?? []) await storage.delete(key).catch((err: unknown) => failures.push(err));
  for (const prefix of files.prefixes ?? []) await removeUnder(storage, prefix).catch((err: unknown) => failures.push(err));
  await abortUnfinished(storage, files).catch((err: unknown) => failures.push(err));
  if (failures.length === 1) throw failures[0];
  if (failures.length) {
    const first = failures[0] instanceof Error ? failures[0].message : String(failures[0]);
    throw new AggregateError(failures, `${failures.length} stored files or prefixes could not be removed, the first: ${first}`);
  }
}

/**
 * The multipart uploads of a bucket that were writing the keys named (exactly) or keys under the prefixes:
 * an upload cut off by a killed process leaves its parts there, listed as no object, until aborted.
 */
async function abortUnfinished(storage: Storage, files: PurgeFiles): Promise<void> {
  if (!storage.unfinishedUploads || !storage.abortUnfinished) return;
  const keys = new Set(files.keys ?? []);
  for (const prefix of [...keys, ...(files.prefixes ?? [])]) {
    for await (const upload of storage.unfinishedUploads(prefix)) {
      if (keys.has(upload.key) || (files.prefixes ?? []).some((p) => upload.key.startsWith(p))) await storage.abortUnfinished(upload);
    }
  }
}

/**
 * Every key starting with `prefix`: a folder goes whole (deletePrefix), a name prefix (a record's base
 * name) key by key as the storage lists them, each with whatever the adapter left of it half-written.
 */
export async function removeUnder(storage: Storage, prefix: string): Promise<void> {
  if (prefix.endsWith('/')) return storage.deletePrefix(prefix);
  for await (const { key } of storage.list(prefix)) await storage.delete(key);
}

/** The 'purge-files' job: never given up, tried again after 5 s, 10 s, 20 s, … (at most 10 minutes apart, 5 while the storage is unavailable) until it succeeds. */
export function purgeFilesDefinition(storage: Storage): JobDefinition {
  return {
    kind: 'purge-files',
    run: (ctx) => purgeFiles(storage, parsePurgeFiles(ctx.job.payload)),
  };
}
