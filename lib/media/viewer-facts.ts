import { parseTakenAt, zoneClock } from '@/contract/taken-at';
import type { MediaInfo } from '@/contract/media';
import { formatDateTime, wallClockOf } from '@/lib/media/media-dates';

/**
 * The lines of the viewer's «Сведения», in one date style («28 ноября 2026 г. в 20:05») and Russian numbers. Pure:
 * the viewer's zone is passed in.
 */

export type Fact = readonly [string, string];

const NBSP = '\u00a0';
const decimal = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

/** What every picture record carries of its time and size (a guest's copy lacks `size`). */
export interface FactSource {
  taken_at: string | null;
  created_at: string;
  width: number | null;
  height: number | null;
  size?: number;
}

/**
 * When it was taken (the camera's wall clock, never moved into the viewer's zone) and in which zone when the file
 * says (UTC+03:00); when it was uploaded (the viewer's zone); `length` where the kind has one; the resolution; and
 * `size` formatted where known.
 */
export function recordFacts(
  record: FactSource,
  { timeZone, length = null, size = null }: { timeZone: string; length?: string | null; size?: string | null },
): Fact[] {
  const lines: Fact[] = [];
  const taken = parseTakenAt(record.taken_at);
  if (taken) {
    lines.push(['Снято', formatDateTime(wallClockOf(record, timeZone))]);
    if (taken.kind === 'wall' && taken.offset) lines.push(['Часовой пояс', `UTC${taken.offset.replace('-', '\u2212')}`]);
  }
  const uploaded = Date.parse(record.created_at);
  if (!Number.isNaN(uploaded)) lines.push(['Загружено', formatDateTime(zoneClock(timeZone)(uploaded))]);
  if (length) lines.push(['Длительность', length]);
  if (record.width && record.height) lines.push(['Разрешение', `${record.width}${NBSP}×${NBSP}${record.height}`]);
  if (size) lines.push(['Размер', size]);
  return lines;
}

/** A shutter time as a camera shows it: «1/125 с» under a second, «2 с», «1,5 с» above. */
export function formatExposure(seconds: number): string {
  if (seconds > 0 && seconds < 1) return `1/${Math.round(1 / seconds)}${NBSP}с`;
  return `${decimal.format(seconds)}${NBSP}с`;
}

/** The file's name, and what the camera wrote: «Apple iPhone 13», the lens, «ƒ/1,6 · 1/125 с · ISO 100 · 5,1 мм». */
export function cameraLines(info: MediaInfo): Fact[] {
  const lines: Fact[] = [['Файл', info.file_name]];
  if (info.camera) lines.push(['Камера', info.camera]);
  if (info.lens) lines.push(['Объектив', info.lens]);
  const exposure = [
    info.f_number !== null ? `ƒ/${decimal.format(info.f_number)}` : null,
    info.exposure_time !== null ? formatExposure(info.exposure_time) : null,
    info.iso !== null ? `ISO${NBSP}${info.iso}` : null,
    info.focal_length !== null ? `${decimal.format(info.focal_length)}${NBSP}мм` : null,
  ].filter((part): part is string => part !== null);
  if (exposure.length) lines.push(['Экспозиция', exposure.join(' · ')]);
  return lines;
}
