/**
 * Dates as the lists show them, and the lists' day headings. Pure: the viewer's zone and the present
 * moment are passed in (viewerTimeZone() gives the browser's).
 *
 * Every record is shown at its wall-clock time by the contract's rule (contract/taken-at.ts): a photo
 * whose EXIF says when it was taken at the camera's own time, the same in every zone (14:00 in Moscow
 * and in Novosibirsk); anything else (an upload's time, a video's UTC creation time) in the viewer's zone.
 * Wall-clock times are formatted as UTC fields, so no zone moves them again.
 *
 * Headings, decided for each list:
 * - the recorder's list (audio): «Сегодня», «Вчера», then a day of the current month as «12 ноября»,
 *   and anything older (or in a later month) under its month, «Октябрь 2026» — a recorder's list is
 *   read by recent days, and older months would otherwise be a long run of single-day headings;
 * - the photo and video timeline: every day of its own, «Сегодня», «Вчера», then «Пн, 12 нояб.», with
 *   the year for other years («Чт, 12 нояб. 2025 г.») — as Immich heads its timeline: photos are found
 *   by the day, and the weekday helps recall which one.
 */
import { dayOf, monthOf, recordClock, zoneClock, type Dated, type WallClock } from '@/contract/taken-at';
import { lazily } from '@/lib/lazily';

export type { Dated, WallClock };

let viewerZone: string | undefined;

/**
 * The browser's IANA zone (what `timezoneId` sets in a test browser); UTC when it names none. Read once a page load:
 * asking means making an Intl.DateTimeFormat, which every card and every render of a list would otherwise pay.
 */
export function viewerTimeZone(): string {
  viewerZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return viewerZone;
}

/** A wall-clock time as a Date whose UTC fields are that time: what the formatters below are given. */
const asUtc = (wall: WallClock) => new Date(`${wall.slice(0, 19)}Z`);

/**
 * A formatter made on its first use, not as the module loads: making one costs a millisecond or more on a phone, and
 * a screen uses two or three of the seven.
 */
const formatter = (options: Intl.DateTimeFormatOptions) => lazily(() => new Intl.DateTimeFormat('ru-RU', { timeZone: 'UTC', ...options }));
const TIME = formatter({ hour: '2-digit', minute: '2-digit' });
const DATE = formatter({ day: 'numeric', month: 'long', year: 'numeric' });
const DATE_TIME = formatter({ day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const DAY_OF_MONTH = formatter({ day: 'numeric', month: 'long' });
const WEEKDAY_DAY = formatter({ weekday: 'short', day: 'numeric', month: 'short' });
const WEEKDAY_DAY_YEAR = formatter({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const MONTH_YEAR = formatter({ month: 'long', year: 'numeric' });

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase('ru-RU') + text.slice(1);

/** A record's wall-clock time (`YYYY-MM-DDTHH:MM:SS`) as the viewer in `timeZone` sees it. */
export function wallClockOf(record: Dated, timeZone: string): WallClock {
  return recordClock(timeZone)(record);
}

/** «14:00». */
export const formatTime = (wall: WallClock): string => TIME().format(asUtc(wall));

/** «1 июня 2024 г.». */
export const formatDate = (wall: WallClock): string => DATE().format(asUtc(wall));

/** «1 июня 2024 г. в 14:00»: a photo's «Дата съёмки» in the viewer's details. */
export const formatDateTime = (wall: WallClock): string => DATE_TIME().format(asUtc(wall));

/** A month's name with its year, as a heading or the scrubber shows it: `2026-10` → «Октябрь 2026». */
export function formatMonth(month: string): string {
  const parts = MONTH_YEAR().formatToParts(asUtc(`${month}-01T00:00:00`));
  const name = parts.find((p) => p.type === 'month')?.value ?? '';
  const year = parts.find((p) => p.type === 'year')?.value ?? month.slice(0, 4);
  return `${capitalised(name)} ${year}`;
}

/** The day before `day` (`YYYY-MM-DD`). */
function dayBefore(day: string): string {
  const d = asUtc(`${day}T00:00:00`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Which list's headings (see the top of this file). */
export type HeadingStyle = 'recorder' | 'timeline';

/** Today in the viewer's zone, and the two keys every heading is measured against. */
export interface Today {
  day: string;
  yesterday: string;
}

/** Today (`YYYY-MM-DD`) and yesterday for a viewer in `timeZone` at `now`. */
export function todayIn(timeZone: string, now: Date): Today {
  const day = dayOf(zoneClock(timeZone)(now.getTime()));
  return { day, yesterday: dayBefore(day) };
}

/**
 * The key a record at `wall` is grouped under: its day (`2026-11-12`), or for the recorder's older
 * records its month (`2026-10`).
 */
export function groupKeyOf(wall: WallClock, today: Today, style: HeadingStyle): string {
  const day = dayOf(wall);
  if (style === 'timeline' || day === today.day || day === today.yesterday || monthOf(wall) === monthOf(today.day)) return day;
  return monthOf(wall);
}

/** The heading of a group key (a day or a month, see groupKeyOf). */
export function headingOf(key: string, today: Today, style: HeadingStyle): string {
  if (key.length === 7) return formatMonth(key);
  if (key === today.day) return 'Сегодня';
  if (key === today.yesterday) return 'Вчера';
  const date = asUtc(`${key}T00:00:00`);
  if (style === 'recorder') return DAY_OF_MONTH().format(date);
  const sameYear = key.slice(0, 4) === today.day.slice(0, 4);
  return capitalised((sameYear ? WEEKDAY_DAY : WEEKDAY_DAY_YEAR)().format(date));
}

/** A run of records under one heading. */
export interface DayGroup<T> {
  /** The day (`YYYY-MM-DD`) or, for the recorder's older records, the month (`YYYY-MM`). */
  key: string;
  heading: string;
  items: T[];
}

/**
 * The records under their headings, in the order they come (the list's sort order, newest or oldest
 * first): each run of records with the same key is one group. A list sorted by anything but the date
 * has no headings to show; grouping it would scatter a day over many groups.
 */
export function groupByDay<T extends Dated>(
  records: readonly T[],
  { style, timeZone, now }: { style: HeadingStyle; timeZone: string; now: Date },
): DayGroup<T>[] {
  const clock = recordClock(timeZone);
  const today = todayIn(timeZone, now);
  const groups: DayGroup<T>[] = [];
  for (const record of records) {
    const key = groupKeyOf(clock(record), today, style);
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.items.push(record);
    else groups.push({ key, heading: headingOf(key, today, style), items: [record] });
  }
  return groups;
}
