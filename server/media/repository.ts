import { sql, type Updateable } from 'kysely';
import type { Db } from '../db/kysely.ts';
import type { MediaKind } from '../../lib/contract/media.ts';
import type { Media, MediaTable, NewMedia } from '../db/types.ts';

export type MediaPatch = Updateable<MediaTable>;

/** What the export needs of a row (not the waveform, which may be long). */
const EXPORT_COLUMNS = [
  'id',
  'kind',
  'title',
  'description',
  'original_key',
  'mime_type',
  'size',
  'original_name',
  'duration',
  'width',
  'height',
  'taken_at',
  'created_at',
  'updated_at',
] as const;
export type ExportRow = Pick<Media, (typeof EXPORT_COLUMNS)[number]>;

/**
 * All SQL for media rows. Every query by id also filters by owner: another user's id is simply not
 * found. Lists, reads and edits see only rows outside the trash (deleted_at null); the trash itself
 * is trash-repository.ts.
 */
export class MediaRepository {
  constructor(private readonly db: Db) {}

  list(userId: number, kind: MediaKind, order: 'created' | 'taken'): Promise<Media[]> {
    const q = this.db
      .selectFrom('media')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('deleted_at', 'is', null);
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
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /**
   * The owner's record whose original has these bytes (by SHA-256), if any; one in the trash does not
   * count (the owner put it away: the same file uploaded again is a new record).
   */
  findBySha256(userId: number, sha256: string): Promise<Media | undefined> {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('user_id', '=', userId)
      .where('sha256', '=', sha256)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirst();
  }

  /** Every item of the owner outside the trash, for the export: by kind, then oldest first. */
  listForExport(userId: number): Promise<ExportRow[]> {
    return this.db
      .selectFrom('media')
      .select(EXPORT_COLUMNS)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('kind')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  insert(row: NewMedia): Promise<Media> {
    return this.db.insertInto('media').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /**
   * Inserts the row unless the owner's media (trash included) would then take more than `quota`
   * bytes; undefined when they would. The owner's row is written first, which takes its row lock
   * (PostgreSQL) or the write lock (SQLite) until commit, so two uploads finishing together are
   * counted one after the other and cannot both slip under the quota.
   */
  insertWithinQuota(row: NewMedia, quota: number): Promise<Media | undefined> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', row.user_id)
        .execute();
      const { used } = await trx
        .selectFrom('media')
        .select(sql<number>`cast(coalesce(sum(size + coalesce(renditions_size, 0)), 0) as bigint)`.as('used'))
        .where('user_id', '=', row.user_id)
        .executeTakeFirstOrThrow();
      if (Number(used) + row.size > quota) return undefined;
      return trx.insertInto('media').values(row).returningAll().executeTakeFirstOrThrow();
    });
  }

  updateOwned(userId: number, kind: MediaKind, id: number, patch: MediaPatch): Promise<Media | undefined> {
    return this.db
      .updateTable('media')
      .set(patch)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  /** Moves the owner's item to the trash; undefined when there is no such item outside it. */
  trashOwned(userId: number, kind: MediaKind, id: number, now: string): Promise<Media | undefined> {
    return this.db
      .updateTable('media')
      .set({ deleted_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Takes the background job of a 'processing' row for this process until `leaseUntil`, unless
   * another process holds a live lease, and marks the row with `claim` (a token unique to this
   * claim). One conditional UPDATE, so of several processes racing for the same row exactly one
   * wins (ISO times of one format compare correctly as strings).
   */
  async claimProcessing(id: number, now: string, leaseUntil: string, claim: string): Promise<boolean> {
    const result = await this.db
      .updateTable('media')
      .set({ processing_lease_until: leaseUntil, processing_claim: claim })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .where((eb) => eb.or([eb('processing_lease_until', 'is', null), eb('processing_lease_until', '<', now)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Extends a held lease while the job runs. False when the claim is lost: the row is gone, no
   * longer processing, or another process took it over after this one stalled past its lease.
   */
  async renewLease(id: number, claim: string, leaseUntil: string): Promise<boolean> {
    const result = await this.db
      .updateTable('media')
      .set({ processing_lease_until: leaseUntil })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .where('processing_claim', '=', claim)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Gives a claimed row back without processing it (shutting down before the job started). */
  async releaseLease(id: number, claim: string): Promise<void> {
    await this.db
      .updateTable('media')
      .set({ processing_lease_until: null, processing_claim: null })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .where('processing_claim', '=', claim)
      .execute();
  }

  /**
   * Records a background job's result and ends its claim, only if the row still carries `claim`;
   * undefined when the row was deleted meanwhile or another process took the job over.
   */
  finishProcessing(id: number, claim: string, patch: MediaPatch): Promise<Media | undefined> {
    return this.db
      .updateTable('media')
      .set({ ...patch, processing_lease_until: null, processing_claim: null })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .where('processing_claim', '=', claim)
      .returningAll()
      .executeTakeFirst();
  }

  async exists(id: number): Promise<boolean> {
    return !!(await this.db.selectFrom('media').select('id').where('id', '=', id).executeTakeFirst());
  }

  /** Rows a previous process left half-done (crash or restart during a background job), or still being processed elsewhere. */
  listProcessing(): Promise<Media[]> {
    return this.db.selectFrom('media').selectAll().where('status', '=', 'processing').orderBy('id').execute();
  }
}
