/**
 * When a photo or video was taken (`taken_at`), as both halves read and write it. One of three forms:
 *
 * - `2024-06-01T14:00:00+03:00` — the wall-clock time the camera showed and its offset from UTC (EXIF
 *   DateTimeOriginal with OffsetTimeOriginal; QuickTime's creationdate);
 * - `2024-06-01T14:00:00` — the camera's wall-clock time, its zone unknown (EXIF without an offset);
 * - `2024-06-01T11:00:00.000Z` — only the instant is known, in UTC (an MP4's creation_time).
 *
 * The first two are shown and grouped by the camera's wall clock, the same in every viewer's zone: a
 * photo taken at 14:00 shows 14:00 in Moscow and in Novosibirsk. The third, like `created_at`, is an
 * instant and is shown in the viewer's zone. JavaScript's Date.parse reads the first and the third as
 * instants and the second as the reader's local time, so clients that only parse the string keep working.
 *
 * Pure: no clock, no zone but the ones passed in.
 */

/** A `taken_at` read: a wall-clock time (with the camera's offset when known), or an instant. */
export type TakenAt = { kind: 'wall'; wall: string; offset: string | null } | { kind: 'instant'; ms: number };

/** `YYYY-MM-DDTHH:MM:SS`: a wall-clock time with no zone, the shape every grouping key is cut from. */
export type WallClock = string;

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;
const TAKEN_AT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:([+-]\d{2}:\d{2})|(\.\d{1,9})?Z)?$/;
const OFFSET = /^([+-])(\d{2}):?(\d{2})$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The wall-clock time of these fields, or null when they name no real moment (month 13, 31 June,
 * 25:00, a year before 1900 — cameras write `0000:00:00 00:00:00` for "not set").
 */
export function wallClockOf(year: number, month: number, day: number, hour: number, minute: number, second: number): WallClock | null {
  if (![year, month, day, hour, minute, second].every(Number.isInteger)) return null;
  if (year < 1900 || year > 9999 || hour > 23 || minute > 59 || second > 59 || hour < 0 || minute < 0 || second < 0) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

/**
 * An offset from UTC as `taken_at` carries it (`+03:00`), from what a camera wrote (`+03:00`, `+0300`);
 * null when it is blank, malformed, past ±14:00, or `-00:00` (which RFC 3339 reserves for "unknown").
 */
export function offsetOf(raw: string | null | undefined): string | null {
  const m = raw ? OFFSET.exec(raw.trim()) : null;
  if (!m) return null;
  const [, sign, hh, mm] = m as unknown as [string, string, string, string];
  const minutes = Number(hh) * 60 + Number(mm);
  if (Number(mm) > 59 || minutes > 14 * 60 || (sign === '-' && minutes === 0)) return null;
  return `${sign}${hh}:${mm}`;
}

/** `taken_at` of a wall-clock time and the camera's offset (none: the zone is unknown). */
export function takenAtOf(wall: WallClock, offset: string | null): string {
  return offset ? `${wall}${offset}` : wall;
}

/** Reads a `taken_at`; null when there is none or it is in none of the three forms. */
export function parseTakenAt(value: string | null | undefined): TakenAt | null {
  const m = value ? TAKEN_AT.exec(value) : null;
  if (!m) return null;
  const wall = m[1]!;
  const w = WALL.exec(wall)!.slice(1).map(Number) as [number, number, number, number, number, number];
  if (wallClockOf(...w) === null) return null;
  if (value!.endsWith('Z')) return { kind: 'instant', ms: Date.parse(value!) };
  return { kind: 'wall', wall, offset: m[2] ?? null };
}

/** Formatters by zone: making one costs far more than using it, and a server sees few zones. */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (zoneFormats.size >= 64) zoneFormats.clear();
    zoneFormats.set(timeZone, format);
  }
  return format;
}

const WEEK = 7 * 86_400_000;

/** A week of UTC in a zone: its offset before `change` (ms since the epoch) and after it (the same when it keeps one). */
interface ZoneWeek {
  before: number;
  change: number;
  after: number;
}

/**
 * A function giving the wall-clock time of an instant (ms since the epoch) in an IANA zone. Intl is asked
 * for the zone's offset at the two ends of each week of UTC that is used; where they differ, the second
 * of the change is found by halving the week (about twenty more questions). That rests on no zone
 * changing its offset twice within one week (the rule tzdata has kept since 1970: Ramadan pauses and
 * double summer times last weeks), and not on changes falling on a quarter hour (Gaza changed at 00:01).
 * So converting thousands of instants costs a few hundred questions at most.
 */
export function zoneClock(timeZone: string): (ms: number) => WallClock {
  const format = zoneFormat(timeZone);
  const offsetAt = (at: number): number => {
    const parts: Record<string, number> = {};
    for (const p of format.formatToParts(at)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
    return Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second) - at;
  };
  const weeks = new Map<number, ZoneWeek>();
  const offsetOfInstant = (ms: number): number => {
    const index = Math.floor(ms / WEEK);
    let week = weeks.get(index);
    if (week === undefined) {
      let [lo, hi] = [index * WEEK, (index + 1) * WEEK];
      const before = offsetAt(lo);
      const after = offsetAt(hi);
      // Halve to the whole second: the first with the new offset is `hi`.
      if (before !== after)
        while (hi - lo > 1000) {
          const mid = Math.floor((lo + hi) / 2000) * 1000;
          if (offsetAt(mid) === before) lo = mid;
          else hi = mid;
        }
      week = { before, change: hi, after };
      if (weeks.size >= 10_000) weeks.clear();
      weeks.set(index, week);
    }
    return ms < week.change ? week.before : week.after;
  };
  return (ms) => new Date(ms + offsetOfInstant(ms)).toISOString().slice(0, 19);
}

/**
 * Whether Intl knows this IANA zone name (`Europe/Moscow`, `UTC`). A known one's formatter is kept (zoneFormat):
 * every list request checks its `?tz=`, and making a formatter took a third of such a request's time.
 */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    zoneFormat(name);
    return true;
  } catch {
    return false;
  }
}

/** What a record is dated by: when it was taken, if known, else when it was uploaded (an ISO instant). */
export interface Dated {
  taken_at?: string | null;
  created_at: string;
}

/**
 * A function giving each record's wall-clock time for a viewer in `timeZone`: the camera's own for a
 * photo whose EXIF says when it was taken (whatever the zone), else the instant (taken_at in UTC, or
 * created_at) in the viewer's zone. Timelines sort, group into days and count months by it.
 */
export function recordClock(timeZone: string): (record: Dated) => WallClock {
  const clock = zoneClock(timeZone);
  return (record) => {
    const taken = parseTakenAt(record.taken_at);
    if (taken?.kind === 'wall') return taken.wall;
    const ms = taken?.kind === 'instant' ? taken.ms : Date.parse(record.created_at);
    return Number.isNaN(ms) ? record.created_at.slice(0, 19) : clock(ms);
  };
}

/** The month (`2024-06`) and the day (`2024-06-01`) of a wall-clock time. */
export const monthOf = (wall: WallClock): string => wall.slice(0, 7);
export const dayOf = (wall: WallClock): string => wall.slice(0, 10);

/** A month as the timeline names it: `YYYY-MM`. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month after `month` (`2024-12` → `2025-01`). */
export function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${pad(year + 1, 4)}-01` : `${pad(year, 4)}-${pad(m + 1)}`;
}
