import type { Db } from '../db/kysely.ts';
import type { MediaKind } from '../../lib/contract/media.ts';
import type { Media } from '../db/types.ts';

/** What a timeline's months are counted from: the two dates of every record. */
export type DatedRow = Pick<Media, 'taken_at' | 'created_at'>;

/**
 * The timeline's SQL: a kind's records outside the trash, by date. taken_at and created_at are written
 * as `YYYY-MM-DDTHH:MM:SS…` (lib/contract/taken-at.ts), so a range of such strings is a range of days,
 * whatever follows the seconds (an offset, milliseconds and Z, nothing).
 */
export class TimelineRepository {
  constructor(private readonly db: Db) {}

  /** Both dates of each of the owner's records of `kind` (the buckets are counted from them, in the viewer's zone). */
  dates(userId: number, kind: MediaKind): Promise<DatedRow[]> {
    return this.db
      .selectFrom('media')
      .select(['taken_at', 'created_at'])
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /**
   * The owner's records of `kind` dated from day `from` to before day `to` (`YYYY-MM-DD`): by taken_at
   * when they have one, else by created_at. The caller widens the days by the most a zone can move a time.
   */
  between(userId: number, kind: MediaKind, from: string, to: string): Promise<Media[]> {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb.and([eb('taken_at', '>=', from), eb('taken_at', '<', to)]),
          eb.and([eb('taken_at', 'is', null), eb('created_at', '>=', from), eb('created_at', '<', to)]),
        ]),
      )
      .execute();
  }
}
