/**
 * A media length for a badge: 'mm:ss' below an hour ('00:03', '12:05'), 'h:mm:ss' from an hour on
 * ('1:02:03'). Seconds are cut, not rounded (a 3.9 s clip is '00:03', as a player's clock shows it).
 * Unknown or negative lengths → null, so the caller can leave the badge out.
 */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return null;
  const total = Math.floor(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/**
 * A video's length as its player's clock shows it: 'm:ss' below an hour ('0:08', '12:05'), 'h:mm:ss' from an hour
 * on; seconds cut. The badge on a video's tile says what the player will say. Unknown or negative → null.
 */
export function formatClock(seconds: number | null | undefined): string | null {
  const long = formatDuration(seconds);
  return long === null ? null : long.replace(/^0(\d:)/, '$1');
}

/** Screen-reader wording: 'Длительность 1 мин 5 с'. */
export function durationLabel(seconds: number | null | undefined): string | null {
  if (formatDuration(seconds) === null) return null;
  const total = Math.floor(seconds as number);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts = [h ? `${h} ч` : '', m ? `${m} мин` : '', s || (!h && !m) ? `${s} с` : ''].filter(Boolean);
  return `Длительность ${parts.join(' ')}`;
}
