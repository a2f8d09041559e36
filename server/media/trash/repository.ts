import type { MediaKind } from '../../../contract/media.ts';
import type { Db } from '../../db/kysely.ts';
import type { Media } from '../../db/types.ts';
import { trashedItem } from '../records/owned.ts';

/**
 * The SQL of the trash: rows whose deleted_at is set. Restoring and removing for good are each one
 * conditional statement, so a restore racing a removal (or two processes purging the same row) ends
 * with exactly one of them having happened, and only the statement that removed a row returns it.
 */
export class TrashRepository {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction, with a repository on it and the transaction itself (for the job queue). */
  transaction<T>(work: (repo: TrashRepository, trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new TrashRepository(trx), trx));
  }

  /** The owner's trash, most recently deleted first. */
  list(userId: number): Promise<Media[]> {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('user_id', '=', userId)
      .where('deleted_at', 'is not', null)
      .orderBy('deleted_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Takes the item out of the trash; undefined when the owner has no such item there. */
  restoreOwned(userId: number, kind: MediaKind, id: number): Promise<Media | undefined> {
    return this.db
      .updateTable('media')
      .set({ deleted_at: null })
      .where(trashedItem(userId, kind, id))
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes the row of a trashed item; undefined when the owner has no such item in the trash. */
  purgeOwned(userId: number, kind: MediaKind, id: number): Promise<Media | undefined> {
    return this.db
      .deleteFrom('media')
      .where(trashedItem(userId, kind, id))
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes the rows of everything in the owner's trash. */
  purgeAllOwned(userId: number): Promise<Media[]> {
    return this.db.deleteFrom('media').where('user_id', '=', userId).where('deleted_at', 'is not', null).returningAll().execute();
  }

  /**
   * Deletes the rows of at most `limit` items trashed at or before `cutoff` (ISO times of one format
   * compare correctly as strings), whoever owns them, and returns those this statement removed.
   */
  async purgeDeletedBefore(cutoff: string, limit: number): Promise<Media[]> {
    const ids = await this.db
      .selectFrom('media')
      .select('id')
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<=', cutoff)
      .orderBy('deleted_at')
      .limit(limit)
      .execute();
    if (!ids.length) return [];
    return this.db
      .deleteFrom('media')
      .where(
        'id',
        'in',
        ids.map((r) => r.id),
      )
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<=', cutoff)
      .returningAll()
      .execute();
  }
}
