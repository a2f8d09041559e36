import ExifReader from 'exifreader';
import { offsetOf, takenAtOf, wallClockOf, type WallClock } from '../../../contract/taken-at.ts';

/**
 * When a photo or a video was taken, read from what its file says, as `taken_at`
 * (contract/taken-at.ts): the wall clock the camera showed, with its offset from UTC when the file
 * has one, never moved into any other zone.
 */

/**
 * EXIF's date tags, most telling first, each with the offset tag that belongs to it (OffsetTime is the
 * offset of DateTime, a later edit's time, and never of DateTimeOriginal).
 */
const EXIF_DATES = [
  ['DateTimeOriginal', 'OffsetTimeOriginal'],
  ['DateTimeDigitized', 'OffsetTimeDigitized'],
  ['DateTime', 'OffsetTime'],
] as const;

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;

/**
 * `taken_at` from an image's EXIF block as sharp's metadata gives it (`Exif\0\0` and the TIFF
 * structure, whatever the image's format), or null when it names no date. Read with ExifReader; a
 * block it cannot read names no date.
 */
export function exifTakenAt(exif: Buffer): string | null {
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  let tags: ExifReader.Tags;
  try {
    tags = ExifReader.load(tiff, { includeTags: { exif: EXIF_DATES.flat() } });
  } catch {
    return null;
  }
  for (const [dateTag, offsetTag] of EXIF_DATES) {
    const wall = exifWallClock(tags[dateTag]?.value);
    if (wall) return takenAtOf(wall, offsetOf(firstString(tags[offsetTag]?.value)));
  }
  return null;
}

/** The first string of an ASCII tag's value (ExifReader gives an array of them). */
function firstString(value: unknown): string | undefined {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/** `YYYY:MM:DD HH:MM:SS` (EXIF's form) → a wall-clock time; null for blanks and impossible dates. */
function exifWallClock(value: unknown): WallClock | null {
  const m = EXIF_DATE.exec(firstString(value)?.trim() ?? '');
  return m ? wallClockOf(...(m.slice(1, 7).map(Number) as [number, number, number, number, number, number])) : null;
}

/**
 * `taken_at` of a video from its container's tags (ffmpeg's names): Apple's
 * `com.apple.quicktime.creationdate` (`2024-06-01T14:00:00+0300`: the camera's wall clock and offset),
 * else `creation_time`, which MP4 keeps in UTC only (an instant: `2024-06-01T11:00:00.000Z`); null when
 * neither names a real date. A zero date (MP4's 1904 or the Unix epoch: "not set") names none.
 */
export function containerTakenAt(tags: ReadonlyMap<string, string>): string | null {
  const apple = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?([+-]\d{2}:?\d{2}|Z)?$/.exec(
    tags.get('com.apple.quicktime.creationdate')?.trim() ?? '',
  );
  if (apple) {
    const wall = wallClockOf(...(apple.slice(1, 7).map(Number) as [number, number, number, number, number, number]));
    if (wall && Number(apple[1]) > 1970) {
      if (apple[7] === 'Z') return new Date(`${wall}Z`).toISOString();
      return takenAtOf(wall, offsetOf(apple[7]));
    }
  }
  const utc = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?Z?$/.exec(tags.get('creation_time')?.trim() ?? '');
  if (utc) {
    const wall = wallClockOf(...(utc.slice(1, 7).map(Number) as [number, number, number, number, number, number]));
    if (wall && Number(utc[1]) > 1970) return new Date(`${wall}Z`).toISOString();
  }
  return null;
}
