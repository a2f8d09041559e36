import { sql } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import type { MediaKind } from '../../../contract/media.ts';
import type { Media } from '../../db/types.ts';

/**
 * The timeline's SQL: a kind's records outside the trash, by date. taken_at holds one of the contract's
 * three forms (contract/taken-at.ts; only processing, the date job and migration 022 write it) and
 * created_at an ISO instant, all `YYYY-MM-DDTHH:MM:SS…`: a range of such strings is a range of days
 * whatever follows the seconds (an offset, milliseconds and Z, nothing), and an instant is the one that
 * ends in Z.
 */
export class TimelineRepository {
  constructor(private readonly db: Db) {}

  /**
   * How many of the owner's records of `kind` fall in each month by the camera's clock: those whose
   * taken_at is a wall-clock time (every taken_at but an instant, which ends in Z), counted by the month
   * it starts with, in the database.
   */
  async wallMonths(userId: number, kind: MediaKind, favoritesOnly: boolean): Promise<{ month: string; count: number }[]> {
    const rows = await this.owned(userId, kind, favoritesOnly)
      .select([sql<string>`substr(taken_at, 1, 7)`.as('month'), sql<number>`count(*)`.as('count')])
      .where('taken_at', 'is not', null)
      .where('taken_at', 'not like', '%Z')
      .groupBy(sql`substr(taken_at, 1, 7)`)
      .execute();
    return rows.map((r) => ({ month: r.month, count: Number(r.count) }));
  }

  /** The instants of the owner's other records of `kind`: taken_at in UTC, else created_at (their months depend on the viewer's zone). */
  async instants(userId: number, kind: MediaKind, favoritesOnly: boolean): Promise<string[]> {
    const rows = await this.owned(userId, kind, favoritesOnly)
      .select(sql<string>`coalesce(taken_at, created_at)`.as('at'))
      .where((eb) => eb.or([eb('taken_at', 'is', null), eb('taken_at', 'like', '%Z')]))
      .execute();
    return rows.map((r) => r.at);
  }

  /**
   * The owner's records of `kind` dated from day `from` to before day `to` (`YYYY-MM-DD`): by taken_at
   * when they have one, else by created_at. The caller widens the days by the most a zone can move a time.
   * Two range reads, one per index (taken_at's, created_at's), rather than one OR that scans the owner's rows.
   */
  async between(userId: number, kind: MediaKind, from: string, to: string, favoritesOnly: boolean): Promise<Media[]> {
    const owned = () => this.owned(userId, kind, favoritesOnly).selectAll();
    const [taken, uploaded] = await Promise.all([
      owned().where('taken_at', '>=', from).where('taken_at', '<', to).execute(),
      owned().where('taken_at', 'is', null).where('created_at', '>=', from).where('created_at', '<', to).execute(),
    ]);
    return [...taken, ...uploaded];
  }

  /** The owner's records of `kind` outside the trash (only their favourites when `favoritesOnly`). */
  private owned(userId: number, kind: MediaKind, favoritesOnly: boolean) {
    const all = this.db.selectFrom('media').where('user_id', '=', userId).where('kind', '=', kind).where('deleted_at', 'is', null);
    return favoritesOnly ? all.where('is_favorite', '=', 1) : all;
  }
}
