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

/**
 * A function giving the wall-clock time of an instant (ms since the epoch) in an IANA zone. The zone's
 * offset is asked of Intl once per quarter hour of UTC it is used for (every zone's offset changes
 * only on a quarter hour), so converting thousands of instants stays cheap.
 */
export function zoneClock(timeZone: string): (ms: number) => WallClock {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const offsets = new Map<number, number>();
  const offsetAt = (ms: number): number => {
    const slot = Math.floor(ms / 900_000);
    let offset = offsets.get(slot);
    if (offset === undefined) {
      const at = slot * 900_000;
      const parts: Record<string, number> = {};
      for (const p of format.formatToParts(at)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
      offset = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second) - at;
      if (offsets.size > 10_000) offsets.clear();
      offsets.set(slot, offset);
    }
    return offset;
  };
  return (ms) => new Date(ms + offsetAt(ms)).toISOString().slice(0, 19);
}

/** Whether Intl knows this IANA zone name (`Europe/Moscow`, `UTC`). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
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
