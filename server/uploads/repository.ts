import { sql } from 'kysely';
import type { Db } from '../db/kysely.ts';
import type { NewUpload, Upload } from '../db/types.ts';

/** What a new upload may take: per user, the whole server, and the owner's quota (null: none). */
export interface StagingLimits {
  maxPerUser: number;
  stagingBudget: number;
  /** The server's default quota; the owner's own one (users.quota_bytes) comes first. */
  quota: number | null;
  now: string;
}

/** A new upload kept, or why not: too many of the owner's, past the server's staging budget, or past the owner's quota. */
export type Admission =
  | { admitted: Upload }
  | { refused: 'count' }
  | { refused: 'budget' }
  | { refused: 'quota'; room: { quota: number; free: number; staged: number } };

/** The lock every admission takes in turn (a row of throttle_locks, as the throttles take theirs): the budget is everybody's. */
const STAGING_LOCK = 'uploads:staging';

/** All SQL for resumable uploads in progress (the `uploads` table). */
export class UploadsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Keeps a new upload only within the limits, counting the uploads still live at `limits.now` with
   * their declared lengths: fewer than `maxPerUser` of the owner's, all of them together within
   * `stagingBudget`, and the owner's media plus their uploads within `quota`. One transaction under
   * one lock for every admission (a throttle_locks row) and the owner's row lock (which the media
   * insert within the quota takes too): admissions racing each other, or a record being made, are
   * counted one after the other.
   */
  admit(row: NewUpload, limits: StagingLimits): Promise<Admission> {
    const { now } = limits;
    return this.db.transaction().execute(async (trx): Promise<Admission> => {
      await trx
        .insertInto('throttle_locks')
        .values({ key: STAGING_LOCK, touched_at: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ touched_at: now }))
        .execute();
      await trx
        .updateTable('users')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', row.user_id)
        .execute();
      const live = trx.selectFrom('uploads').where('expires_at', '>', now);
      const mine = await live
        .select((eb) => [eb.fn.countAll<number>().as('n'), sql<number>`cast(coalesce(sum(size), 0) as bigint)`.as('bytes')])
        .where('user_id', '=', row.user_id)
        .executeTakeFirstOrThrow();
      if (Number(mine.n) >= limits.maxPerUser) return { refused: 'count' };
      // The owner's own quota (set by the admin command) before the server's default.
      const own = await trx.selectFrom('users').select('quota_bytes').where('id', '=', row.user_id).executeTakeFirst();
      const quota = own?.quota_bytes == null ? limits.quota : Number(own.quota_bytes);
      if (quota !== null) {
        const { used } = await trx
          .selectFrom('media')
          .select(sql<number>`cast(coalesce(sum(size + coalesce(renditions_size, 0)), 0) as bigint)`.as('used'))
          .where('user_id', '=', row.user_id)
          .executeTakeFirstOrThrow();
        const staged = Number(mine.bytes);
        const free = quota - Number(used) - staged;
        if (Number(row.size) > free) return { refused: 'quota', room: { quota, free, staged } };
      }
      const all = await live.select(sql<number>`cast(coalesce(sum(size), 0) as bigint)`.as('bytes')).executeTakeFirstOrThrow();
      if (Number(all.bytes) + Number(row.size) > limits.stagingBudget) return { refused: 'budget' };
      return { admitted: await trx.insertInto('uploads').values(row).returningAll().executeTakeFirstOrThrow() };
    });
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
