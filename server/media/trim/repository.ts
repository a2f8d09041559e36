import type { Db } from '../../db/kysely.ts';
import type { Media, NewMedia } from '../../db/types.ts';
import { liveItem } from '../records/owned.ts';
import type { MediaPatch } from '../records/repository.ts';

/**
 * The SQL of trimming a recording: starting (ready → processing), recording the cut together with
 * the untrimmed copy it leaves in the trash, and failing. Each change is one conditional statement on
 * the record as the job read it, so a record changed meanwhile (deleted for good, trimmed by another
 * run) is left alone.
 */
export class TrimRepository {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction, with a repository on it and the transaction itself (for the job queue). */
  transaction<T>(work: (repo: TrimRepository, trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new TrimRepository(trx), trx));
  }

  /** The owner's audio record outside the trash. */
  findOwned(userId: number, id: number): Promise<Media | undefined> {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where(liveItem(userId, 'audio', id))
      .executeTakeFirst();
  }

  /** Any user's record by id (the job's record). */
  byId(id: number): Promise<Media | undefined> {
    return this.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A ready record of the owner becomes processing (its job is added by the caller); undefined unless it was ready. */
  startOwned(userId: number, id: number, now: string): Promise<Media | undefined> {
    return this.db
      .updateTable('media')
      .set({ status: 'processing', failure_reason: null, updated_at: now })
      .where(liveItem(userId, 'audio', id))
      .where('status', '=', 'ready')
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * The cut becomes the record (ready again) and the untrimmed files a record of their own, in the
   * trash; false, and nothing written, when the record is no longer the one the job cut.
   */
  async recordCut(row: Media, patch: MediaPatch, untrimmed: NewMedia): Promise<boolean> {
    const updated = await this.db
      .updateTable('media')
      .set({ ...patch, status: 'ready', failure_reason: null })
      .where('id', '=', row.id)
      .where('status', '=', 'processing')
      .where('original_key', '=', row.original_key)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    await this.db.insertInto('media').values(untrimmed).execute();
    return true;
  }

  /**
   * Marks the record failed with `reason`, keeping its original, duration and waveform; its MP3 is no
   * longer named (the caller removes it), so «Повторить» makes it again from the untouched original.
   * False when the record is no longer the one the job read.
   */
  async fail(row: Media, reason: string, now: string): Promise<boolean> {
    const updated = await this.db
      .updateTable('media')
      .set({ status: 'failed', failure_reason: reason, playable_key: null, renditions_size: 0, updated_at: now })
      .where('id', '=', row.id)
      .where('status', '=', 'processing')
      .where('original_key', '=', row.original_key)
      .executeTakeFirst();
    return updated.numUpdatedRows > 0n;
  }
}
