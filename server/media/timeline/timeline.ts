import { monthOf, recordClock, type Dated } from '../../../contract/taken-at.ts';
import type { TimelineBucket } from '../../../contract/timeline.ts';
import type { Media } from '../../db/types.ts';
import type { MediaKindSpec } from '../kinds.ts';
import type { TimelineRepository } from './repository.ts';

/** How far a zone moves a time, at most (UTC−12 … UTC+14), rounded up to whole days around a month. */
const ZONE_MARGIN_DAYS = 1;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A kind's timeline, a month at a time (contract/timeline.ts): how many records each month holds,
 * and one month's records, newest first. A record's month and place are its wall-clock time by
 * contract/taken-at.ts — the camera's own when the file said when it was taken, else the instant in
 * the viewer's zone — computed by the same function for the counts and for the months, so the two agree.
 */
export class MediaTimeline {
  constructor(private readonly d: { repo: TimelineRepository }) {}

  /**
   * The months that hold any of the owner's records of `kind`, newest first, with their counts: those
   * dated by the camera's clock counted in the database, the instants here, in the viewer's zone. Only
   * the favourites' when `favoritesOnly`. With several owners, the months of all of theirs together.
   */
  async buckets(
    owners: number | readonly number[],
    kind: MediaKindSpec,
    timeZone: string,
    favoritesOnly = false,
  ): Promise<TimelineBucket[]> {
    const ids = typeof owners === 'number' ? [owners] : owners;
    const [walls, instantLists] = await Promise.all([
      Promise.all(ids.map((id) => this.d.repo.wallMonths(id, kind.name, favoritesOnly))),
      Promise.all(ids.map((id) => this.d.repo.instants(id, kind.name, favoritesOnly))),
    ]);
    const counts = new Map<string, number>();
    for (const { month, count } of walls.flat()) counts.set(month, (counts.get(month) ?? 0) + count);
    const instants = instantLists.flat();
    const clock = recordClock(timeZone);
    for (const at of instants) {
      const month = monthOf(clock({ taken_at: at, created_at: at }));
      counts.set(month, (counts.get(month) ?? 0) + 1);
    }
    return [...counts].sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0)).map(([month, count]) => ({ month, count }));
  }

  /**
   * The owner's records of `kind` in `month` (`YYYY-MM`) for a viewer in `timeZone`, newest first (equal
   * times: the later upload first); only the favourites when `favoritesOnly`. With several owners (the
   * viewer and the partners who show them theirs), all of theirs together in that order.
   */
  async month(
    owners: number | readonly number[],
    kind: MediaKindSpec,
    month: string,
    timeZone: string,
    favoritesOnly = false,
  ): Promise<Media[]> {
    const year = Number(month.slice(0, 4));
    const index = Number(month.slice(5, 7)) - 1;
    const from = day(Date.UTC(year, index, 1 - ZONE_MARGIN_DAYS));
    const to = day(Date.UTC(year, index + 1, 1 + ZONE_MARGIN_DAYS));
    const clock = recordClock(timeZone);
    const ids = typeof owners === 'number' ? [owners] : owners;
    const rows = (await Promise.all(ids.map((id) => this.d.repo.between(id, kind.name, from, to, favoritesOnly)))).flat();
    return rows
      .map((row) => ({ row, wall: clock(row satisfies Dated) }))
      .filter(({ wall }) => monthOf(wall) === month)
      .sort((a, b) => (a.wall < b.wall ? 1 : a.wall > b.wall ? -1 : b.row.id - a.row.id))
      .map(({ row }) => row);
  }
}
