import type { Db } from '../db/kysely.ts';

/** All SQL for the locks on resumable uploads (the `upload_locks` table). */
export class UploadLocksRepository {
  constructor(private readonly db: Db) {}

  /**
   * Takes the lock of `id` for `holder` until `expiresAt`, unless another holder has it, its lease has not
   * run out by `now`, and it is not a holder that was asked to let go and has not renewed since
   * `staleBefore` (its process is gone). One statement, so of several processes racing exactly one wins.
   */
  async tryAcquire(id: string, holder: string, now: string, expiresAt: string, staleBefore: string): Promise<boolean> {
    const row = await this.db
      .insertInto('upload_locks')
      .values({ id, holder, expires_at: expiresAt, release_requested: 0, renewed_at: now })
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({ holder, expires_at: expiresAt, release_requested: 0, renewed_at: now })
          .where((eb) =>
            eb.or([
              eb('upload_locks.expires_at', '<', now),
              eb.and([eb('upload_locks.release_requested', '=', 1), eb('upload_locks.renewed_at', '<', staleBefore)]),
            ]),
          ),
      )
      .returning('holder')
      .executeTakeFirst();
    return row?.holder === holder;
  }

  /**
   * Extends a held lock (renewed at `now`). Null when `holder` no longer holds it (another took it
   * over); otherwise whether a waiting request asked for it.
   */
  async renew(id: string, holder: string, now: string, expiresAt: string): Promise<{ releaseRequested: boolean } | null> {
    const row = await this.db
      .updateTable('upload_locks')
      .set({ expires_at: expiresAt, renewed_at: now })
      .where('id', '=', id)
      .where('holder', '=', holder)
      .returning('release_requested')
      .executeTakeFirst();
    return row ? { releaseRequested: row.release_requested === 1 } : null;
  }

  /** A waiting request asks the holder, whoever it is, to let go. */
  async requestRelease(id: string): Promise<void> {
    await this.db.updateTable('upload_locks').set({ release_requested: 1 }).where('id', '=', id).execute();
  }

  async release(id: string, holder: string): Promise<void> {
    await this.db.deleteFrom('upload_locks').where('id', '=', id).where('holder', '=', holder).execute();
  }
}
