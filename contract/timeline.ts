import { z } from 'zod';
import { isTimeZone, MONTH_PATTERN } from './taken-at.ts';

/**
 * The timeline of photos and videos (and of recordings, whose screen keeps the whole list), asked for a
 * month at a time, so that years of them need not come whole before the first tiles show:
 *
 * - `GET /api/media/{kind}/buckets/?tz=Europe/Moscow` → `[{month: "2024-06", count: 412}, …]`, newest
 *   month first, only months that hold something;
 * - `GET /api/media/{kind}/?month=2024-06&tz=Europe/Moscow` → the records of that month, the same
 *   shape as the whole list, newest first (equal times: the later upload first).
 *
 * A record's month (and its place in the month) is its wall-clock time by taken-at.ts: the camera's
 * own when the file says when it was taken, else the instant in `tz` — the viewer's zone, which the
 * client sends (default UTC; a name that is no IANA zone is refused). Records in the trash are in
 * neither. The whole list (`GET /api/media/{kind}/` without `month`) stays as it was. Both take
 * `favorite=1` as the list does: the favourites' months and a month of the favourites. A month's
 * records are the list's records, `is_favorite` included. Both answers are kept ready and revalidated
 * like the whole list (ETag, 304, br/gzip).
 */
/** One month of the timeline and how many records it holds. */
export const timelineBucketSchema = z.object({
  /** `YYYY-MM`. */
  month: z.string(),
  count: z.number().int(),
});
export type TimelineBucket = z.infer<typeof timelineBucketSchema>;

/** Bad query parameters: 400 with these on the parameter's name. */
export const TIMELINE_MESSAGES = {
  month: 'Месяц указывается как ГГГГ-ММ.',
  tz: 'Неизвестный часовой пояс.',
} as const;

/** The viewer's IANA zone, `UTC` when not given. */
const timeZone = z.preprocess(
  (tz) => (tz === undefined || tz === '' ? 'UTC' : tz),
  z.string({ error: TIMELINE_MESSAGES.tz }).refine(isTimeZone, TIMELINE_MESSAGES.tz),
);

/** `?tz=` of the buckets. */
export const bucketsQuerySchema = z.object({ tz: timeZone });

/** `?month=` and `?tz=` of a kind's list: without `month` (or with it empty), the whole list, which `tz` does not change. */
export const listQuerySchema = z.object({
  month: z.preprocess(
    (month) => (month === '' ? undefined : month),
    z.string({ error: TIMELINE_MESSAGES.month }).regex(MONTH_PATTERN, TIMELINE_MESSAGES.month).optional(),
  ),
  tz: timeZone,
});
