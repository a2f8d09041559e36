/**
 * Sizes as people read them, shared by the server's refusals and the pages. No zod here: the pages
 * import this module's code, and building a zod object schema on a page probes `new Function`, which
 * the Content-Security-Policy reports (the usage answer's schema is in media.ts).
 */
import { plural } from './words.ts';

const UNITS = ['КБ', 'МБ', 'ГБ', 'ТБ'] as const;
const BYTE_WORDS = ['байт', 'байта', 'байт'] as const;

/**
 * A size in Russian units, binary multiples as file managers show them: «0 байт», «3 байта»,
 * «512 КБ», «1,5 МБ», «12 ГБ» (one decimal below 10 of a unit, none above).
 */
export function formatBytes(bytes: number): string {
  const n = Math.max(0, Math.floor(bytes));
  if (n < 1024) return `${n} ${plural(n, BYTE_WORDS)}`;
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = value < 10 ? 1 : 0;
  // Rounded down, so a figure never claims more room than there is.
  const shown = Math.floor(value * 10 ** digits) / 10 ** digits;
  return `${shown.toLocaleString('ru-RU', { maximumFractionDigits: digits, useGrouping: false })} ${UNITS[unit]}`;
}

/**
 * Why an upload is refused when it would take the owner past the quota (the client's check and the
 * server's 413 alike). `stagedBytes`: what the owner's unfinished uploads hold of it (the server counts
 * them with their declared length until they finish or expire).
 */
export function quotaExceededMessage(freeBytes: number, quotaBytes: number, stagedBytes = 0): string {
  const base = `Не хватает места в хранилище: свободно ${formatBytes(freeBytes)} из ${formatBytes(quotaBytes)}.`;
  if (stagedBytes <= 0) return base;
  return `${base} Из занятого ${formatBytes(stagedBytes)} приходится на незавершённые загрузки: место освободится, когда они завершатся или через сутки.`;
}
