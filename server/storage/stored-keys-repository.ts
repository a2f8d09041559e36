import type { Db } from '../db/kysely.ts';
import { uploadIdOfKey } from './upload-keys.ts';

/** Which stored keys the database still names: the SQL of the storage reconciliation. */
export class StoredKeysRepository {
  constructor(private readonly db: Db) {}

  /**
   * The keys among `keys` that a record (any of its files) or an account (its avatar) names, or that
   * are staged for a resumable upload still in progress (it has a row until it completes, is ended
   * or is abandoned for 24 hours).
   */
  async referenced(keys: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    if (keys.length === 0) return found;
    const files = ['original_key', 'playable_key', 'thumbnail_key', 'preview_key', 'poster_key'] as const;
    const media = await this.db
      .selectFrom('media')
      .select(files)
      .where((eb) => eb.or(files.map((column) => eb(column, 'in', keys))))
      .execute();
    for (const row of media) for (const column of files) if (row[column]) found.add(row[column]);
    const users = await this.db.selectFrom('users').select('photo_key').where('photo_key', 'in', keys).execute();
    for (const row of users) if (row.photo_key) found.add(row.photo_key);
    const staged = new Map(keys.flatMap((key) => (uploadIdOfKey(key) ? [[key, uploadIdOfKey(key)!] as const] : [])));
    if (staged.size > 0) {
      const live = await this.db
        .selectFrom('uploads')
        .select('id')
        .where('id', 'in', [...new Set(staged.values())])
        .execute();
      const liveIds = new Set(live.map((row) => row.id));
      for (const [key, id] of staged) if (liveIds.has(id)) found.add(key);
    }
    return found;
  }
}
