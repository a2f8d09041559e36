import { sql, type SelectQueryBuilder, type Updateable } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import type { MediaKind } from '../../../contract/media.ts';
import type { DB, Media, NewMedia } from '../../db/types.ts';
import type { MediaTable } from '../../db/tables/media.ts';
import { liveItem, liveOf } from './owned.ts';

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

/** The owner's items of a kind outside the trash (or their favourites), newest first: by creation, or by when taken. */
function inListOrder<O>(
  query: SelectQueryBuilder<DB, 'media', O>,
  { userId, kind, order, favoritesOnly }: { userId: number; kind: MediaKind; order: 'created' | 'taken'; favoritesOnly: boolean },
): SelectQueryBuilder<DB, 'media', O> {
  const all = query.where(liveOf(userId)).where('kind', '=', kind);
  const some = favoritesOnly ? all.where('is_favorite', '=', 1) : all;
  return order === 'taken'
    ? some.orderBy(sql`coalesce(taken_at, created_at)`, 'desc').orderBy('id', 'desc')
    : some.orderBy('created_at', 'desc').orderBy('id', 'desc');
}

/**
 * All SQL for media rows. Every query by id also filters by owner (owned.ts): another user's id is simply not
 * found. Lists, reads and edits see only rows outside the trash (deleted_at null); the trash itself is
 * trash/repository.ts.
 */
export class MediaRepository {
  constructor(private readonly db: Db) {}

  list(userId: number, kind: MediaKind, order: 'created' | 'taken', favoritesOnly = false): Promise<Media[]> {
    return inListOrder(this.db.selectFrom('media').selectAll(), { userId, kind, order, favoritesOnly }).execute();
  }

  /** The ids and row versions of list(), in its order: what tells a kept list which rows changed. */
  listVersions(
    userId: number,
    kind: MediaKind,
    order: 'created' | 'taken',
    favoritesOnly = false,
  ): Promise<{ id: number; row_version: number }[]> {
    return inListOrder(this.db.selectFrom('media').select(['id', 'row_version']), { userId, kind, order, favoritesOnly }).execute();
  }

  /** The owner's rows with these ids (any order), 500 to a query. */
  async rowsOf(userId: number, ids: readonly number[]): Promise<Media[]> {
    const rows: Media[] = [];
    for (let i = 0; i < ids.length; i += 500)
      rows.push(
        ...(await this.db
          .selectFrom('media')
          .selectAll()
          .where('user_id', '=', userId)
          .where('id', 'in', ids.slice(i, i + 500))
          .execute()),
      );
    return rows;
  }

  findOwned(userId: number, kind: MediaKind, id: number): Promise<Media | undefined> {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where(liveItem(userId, kind, id))
      .executeTakeFirst();
  }

  /**
   * The owner's record whose original has these bytes (by SHA-256), if any; one in the trash does not
   * count (the owner put it away: the same file uploaded again is a new record).
   */
  findBySha256(userId: number, sha256: string): Promise<Media | undefined> {
    return this.db.selectFrom('media').selectAll().where(liveOf(userId)).where('sha256', '=', sha256).orderBy('id').executeTakeFirst();
  }

  /** Every item of the owner outside the trash (or those of them among `ids`), for the export: by kind, then oldest first. */
  listForExport(userId: number, ids?: readonly number[]): Promise<ExportRow[]> {
    const all = this.db.selectFrom('media').select(EXPORT_COLUMNS).where(liveOf(userId));
    // An empty `in ()` is no SQL: no id chosen, no row.
    const chosen = ids === undefined ? all : all.where('id', 'in', ids.length ? [...ids] : [0]);
    return chosen.orderBy('kind').orderBy('created_at').orderBy('id').execute();
  }

  /** Which of the ids name the owner's items outside the trash: each one's kind, by id. */
  async liveKinds(userId: number, ids: readonly number[]): Promise<Map<number, MediaKind>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectFrom('media')
      .select(['id', 'kind'])
      .where(liveOf(userId))
      .where('id', 'in', [...ids])
      .execute();
    return new Map(rows.map((r) => [r.id, r.kind]));
  }

  insert(row: NewMedia): Promise<Media> {
    return this.db.insertInto('media').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /**
   * Inserts the row unless the owner's media (trash included) and their unfinished resumable uploads
   * live at `now` (their declared lengths, but `exceptUpload`'s, whose bytes this row is) would then
   * take more than `quota` bytes; undefined when they would. The owner's row is written first, which
   * takes its row lock (PostgreSQL) or the write lock (SQLite) until commit, so two uploads finishing
   * (or beginning) together are counted one after the other and cannot both slip under the quota.
   */
  insertWithinQuota(row: NewMedia, quota: number, staged: { now: string; exceptUpload?: string }): Promise<Media | undefined> {
    // Within the caller's transaction when there is one (the upload adds its job in the same one).
    if (this.db.isTransaction) return this.insertWithinQuotaOn(this.db, row, quota, staged);
    return this.db.transaction().execute((trx) => this.insertWithinQuotaOn(trx, row, quota, staged));
  }

  /**
   * Writes the owner's row without changing it: in a transaction, that takes its row lock (PostgreSQL) or
   * the write lock (SQLite) until commit, so what the transaction checks of the owner's media (the
   * quota, a file already kept) cannot change under it through another upload of theirs.
   */
  async lockOwner(userId: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', userId)
      .execute();
  }

  private async insertWithinQuotaOn(
    trx: Db,
    row: NewMedia,
    quota: number,
    staged: { now: string; exceptUpload?: string },
  ): Promise<Media | undefined> {
    await new MediaRepository(trx).lockOwner(row.user_id);
    const { used } = await trx
      .selectFrom('media')
      .select(sql<number>`cast(coalesce(sum(size + coalesce(renditions_size, 0)), 0) as bigint)`.as('used'))
      .where('user_id', '=', row.user_id)
      .executeTakeFirstOrThrow();
    let uploads = trx
      .selectFrom('uploads')
      .select(sql<number>`cast(coalesce(sum(size), 0) as bigint)`.as('bytes'))
      .where('user_id', '=', row.user_id)
      .where('expires_at', '>', staged.now);
    if (staged.exceptUpload !== undefined) uploads = uploads.where('id', '!=', staged.exceptUpload);
    const { bytes } = await uploads.executeTakeFirstOrThrow();
    if (Number(used) + Number(bytes) + row.size > quota) return undefined;
    return trx.insertInto('media').values(row).returningAll().executeTakeFirstOrThrow();
  }

  updateOwned(userId: number, kind: MediaKind, id: number, patch: MediaPatch): Promise<Media | undefined> {
    return this.db
      .updateTable('media')
      .set(patch)
      .where(liveItem(userId, kind, id))
      .returningAll()
      .executeTakeFirst();
  }

  /** Moves the owner's item to the trash; undefined when there is no such item outside it. */
  trashOwned(userId: number, kind: MediaKind, id: number, now: string): Promise<Media | undefined> {
    return this.updateOwned(userId, kind, id, { deleted_at: now });
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
      .where(liveItem(userId, kind, id))
      .where('status', '=', 'failed')
      .returningAll()
      .executeTakeFirst();
  }
}
