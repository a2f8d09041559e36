import type { Media } from '../../db/types.ts';
import type { PurgeFiles } from '../../storage/purge-files.ts';
import type { Storage } from '../../storage/storage.ts';
import type { MediaLog } from '../log.ts';

/** Every stored file of a record: the original and whatever its processing made. */
export const keysOf = (row: Media): string[] =>
  [row.original_key, row.playable_key, row.thumbnail_key, row.preview_key, row.poster_key].filter((k): k is string => !!k);

/** A record's base name: its original's key without the extension (`u/7/audio/AbC…`). */
export const baseOf = (originalKey: string): string => originalKey.slice(0, originalKey.lastIndexOf('.'));

/**
 * Every key a record's base may have: `<base>.<ext>` (the upload, the original, an MP3) and
 * `<base>-…` (the renditions of each processing run), half-written copies included.
 */
export const underBase = (base: string): string[] => [`${base}.`, `${base}-`];

/** What removing a record for good removes: its files, and anything else stored under its base name. */
export const recordFiles = (row: Media): PurgeFiles => ({ keys: keysOf(row), prefixes: underBase(baseOf(row.original_key)) });

/** Deletes stored files one by one; a file that cannot be deleted is logged and the rest still go. */
export async function deleteStored(storage: Storage, log: MediaLog, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (err) {
      log.error({ err, key }, 'could not delete stored media');
    }
  }
}
