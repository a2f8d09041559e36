import type { Db } from '../db/kysely.ts';
import type { NewUpload, Upload } from '../db/types.ts';

/** All SQL for resumable uploads in progress (the `uploads` table). */
export class UploadsRepository {
  constructor(private readonly db: Db) {}

  insert(row: NewUpload): Promise<Upload> {
    return this.db.insertInto('uploads').values(row).returningAll().executeTakeFirstOrThrow();
  }

  find(id: string): Promise<Upload | undefined> {
    return this.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Marks the upload as being turned into a record, for the one request that gets there first: the
   * row, or undefined when it is gone, not the owner's, or another request already finishes it.
   */
  claimFinishing(id: string, userId: number, now: string): Promise<Upload | undefined> {
    return this.db
      .updateTable('uploads')
      .set({ finishing_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('finishing_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  /** The running hash after `offset` bytes. */
  async saveHash(id: string, offset: number, state: string): Promise<void> {
    await this.db.updateTable('uploads').set({ hash_offset: offset, hash_state: state }).where('id', '=', id).execute();
  }

  /** The running hash no longer matches the stored bytes: it is taken from them at the end instead. */
  async loseHash(id: string): Promise<void> {
    await this.db.updateTable('uploads').set({ hash_offset: null, hash_state: null }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('uploads').where('id', '=', id).execute();
  }

  /**
   * Uploads abandoned before `now` (oldest first, a batch at a time), leaving out those whose record a
   * request began to make after `finishingSince` (it may still be at work).
   */
  listExpired(now: string, finishingSince: string, limit: number): Promise<Upload[]> {
    return this.db
      .selectFrom('uploads')
      .selectAll()
      .where('expires_at', '<', now)
      .where((eb) => eb.or([eb('finishing_at', 'is', null), eb('finishing_at', '<', finishingSince)]))
      .orderBy('expires_at')
      .limit(limit)
      .execute();
  }
}
