import type { Media } from '../db/types.ts';
import type { Storage } from '../storage/storage.ts';
import type { MediaLog } from './background.ts';

/** Every stored file of a record: the original and whatever its processing made. */
export const keysOf = (row: Media): string[] =>
  [row.original_key, row.playable_key, row.thumbnail_key, row.preview_key, row.poster_key].filter((k): k is string => !!k);

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
