import { sql, type Updateable } from 'kysely';
import type { Db } from '../db/kysely.ts';
import type { MediaKind } from '../../lib/contract/media.ts';
import type { Media, MediaTable, NewMedia } from '../db/types.ts';

export type MediaPatch = Updateable<MediaTable>;

/** All SQL for media rows. Every query by id also filters by owner: another user's id is simply not found. */
export class MediaRepository {
  constructor(private readonly db: Db) {}

  list(userId: number, kind: MediaKind, order: 'created' | 'taken'): Promise<Media[]> {
    const q = this.db.selectFrom('media').selectAll().where('user_id', '=', userId).where('kind', '=', kind);
    const ordered =
      order === 'taken'
        ? q.orderBy(sql`coalesce(taken_at, created_at)`, 'desc').orderBy('id', 'desc')
        : q.orderBy('created_at', 'desc').orderBy('id', 'desc');
    return ordered.execute();
  }

  findOwned(userId: number, kind: MediaKind, id: number): Promise<Media | undefined> {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .executeTakeFirst();
  }

  insert(row: NewMedia): Promise<Media> {
    return this.db.insertInto('media').values(row).returningAll().executeTakeFirstOrThrow();
  }

  updateOwned(userId: number, kind: MediaKind, id: number, patch: MediaPatch): Promise<Media | undefined> {
    return this.db
      .updateTable('media')
      .set(patch)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .returningAll()
      .executeTakeFirst();
  }

  deleteOwned(userId: number, kind: MediaKind, id: number): Promise<Media | undefined> {
    return this.db
      .deleteFrom('media')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .returningAll()
      .executeTakeFirst();
  }

  /** Runs `work` in one transaction, with a repository on it and the transaction itself (for the job queue). */
  transaction<T>(work: (repo: MediaRepository, trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new MediaRepository(trx), trx));
  }

  /** Any user's record by id (a job's record). */
  byId(id: number): Promise<Media | undefined> {
    return this.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Records a finished job's result, if the record is still processing; undefined when it is not (or is gone). */
  finishProcessing(id: number, patch: MediaPatch): Promise<Media | undefined> {
    return this.db
      .updateTable('media')
      .set({ ...patch, status: 'ready', failure_reason: null })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .returningAll()
      .executeTakeFirst();
  }

  /** Marks a processing record failed, with the reason the card shows. */
  async failProcessing(id: number, reason: string, now: string): Promise<void> {
    await this.db
      .updateTable('media')
      .set({ status: 'failed', failure_reason: reason, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .execute();
  }

  /** A failed record of the owner back to processing (its job is added by the caller); undefined unless it was failed. */
  retryOwned(userId: number, kind: MediaKind, id: number, now: string): Promise<Media | undefined> {
    return this.db
      .updateTable('media')
      .set({ status: 'processing', failure_reason: null, updated_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('status', '=', 'failed')
      .returningAll()
      .executeTakeFirst();
  }
}
