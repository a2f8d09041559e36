import { sql } from 'kysely';
import type { MediaKind } from '../../../contract/media.ts';
import type { Db } from '../../db/kysely.ts';
import type { Media } from '../../db/types.ts';

/** A row whose renditions have not been measured yet, with the keys to measure. */
export type UnmeasuredRow = Pick<Media, 'id' | 'playable_key' | 'thumbnail_key' | 'preview_key' | 'poster_key'>;

/**
 * The SQL of what a user's media take up: the stored sizes (media.size of the original plus
 * media.renditions_size), never a walk over the storage. Trashed items count until they are purged;
 * unfinished resumable uploads count apart, with their declared lengths.
 */
export class UsageRepository {
  constructor(private readonly db: Db) {}

  /** Bytes per kind of the owner's items, trash included (kinds without items are left out). */
  async bytesByKind(userId: number): Promise<{ kind: MediaKind; bytes: number }[]> {
    const rows = await this.db
      .selectFrom('media')
      .select(['kind', sql<number>`cast(sum(size + coalesce(renditions_size, 0)) as bigint)`.as('bytes')])
      .where('user_id', '=', userId)
      .groupBy('kind')
      .execute();
    return rows.map((r) => ({ kind: r.kind, bytes: Number(r.bytes) }));
  }

  /** The user's own quota in bytes; null when none is set for them (or there is no such user). */
  async quotaOf(userId: number): Promise<number | null> {
    const row = await this.db.selectFrom('users').select('quota_bytes').where('id', '=', userId).executeTakeFirst();
    return row?.quota_bytes == null ? null : Number(row.quota_bytes);
  }

  /**
   * The declared lengths of the owner's unfinished resumable uploads that are still live at `now`
   * (an expired one is refused and removed), but `exceptUpload`.
   */
  async stagedBytes(userId: number, now: string, exceptUpload?: string): Promise<number> {
    let q = this.db
      .selectFrom('uploads')
      .select(sql<number>`cast(coalesce(sum(size), 0) as bigint)`.as('bytes'))
      .where('user_id', '=', userId)
      .where('expires_at', '>', now);
    if (exceptUpload !== undefined) q = q.where('id', '!=', exceptUpload);
    return Number((await q.executeTakeFirstOrThrow()).bytes);
  }

  /** Rows made before renditions were measured (renditions_size null), at most `limit`. */
  unmeasured(limit: number): Promise<UnmeasuredRow[]> {
    return this.db
      .selectFrom('media')
      .select(['id', 'playable_key', 'thumbnail_key', 'preview_key', 'poster_key'])
      .where('renditions_size', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Records the measured size, unless another process did first. */
  async setRenditionsSize(id: number, bytes: number): Promise<void> {
    await this.db.updateTable('media').set({ renditions_size: bytes }).where('id', '=', id).where('renditions_size', 'is', null).execute();
  }
}
