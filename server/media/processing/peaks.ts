/** The loudest peak of a waveform: peaks are whole numbers 0..PEAK_MAX, the loudest one PEAK_MAX (silence all 0). */
export const PEAK_MAX = 100;

/**
 * Peaks as whole numbers 0..100, the loudest 100: two or three characters each in JSON instead of
 * five for "0.573", with the same 101 levels the player can draw (it scales the bars to the loudest
 * one). Takes peaks as the decoder makes them (0..1) or as stored by older versions (0..1, three
 * decimals): an array whose loudest peak is at most 1 is on the 0..1 scale. Anything that is not a
 * finite number counts as silence.
 */
export function compactPeaks(peaks: readonly unknown[]): number[] {
  const values = peaks.map((v) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0));
  const max = values.reduce((a, b) => Math.max(a, b), 0);
  const scale = max <= 1 ? PEAK_MAX : 1;
  return values.map((v) => Math.min(PEAK_MAX, Math.round(v * scale)));
}

/**
 * Whether a stored column already reads as compactPeaksJson would write it: `[`, whole numbers 0..100 without
 * leading zeros or spaces, separated by commas, `]`, and not at most 1 (0..1 peaks are scaled up). Every column
 * written since peaks became compact passes, so a cold list build no longer parses and re-writes every peak of
 * every record to get the same text back.
 */
function isCompactJson(text: string): boolean {
  const end = text.length - 1;
  if (end < 1 || text.charCodeAt(0) !== 0x5b || text.charCodeAt(end) !== 0x5d) return false;
  if (end === 1) return true;
  let max = 0;
  let value = 0;
  let digits = 0;
  for (let i = 1; i <= end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) {
      if (digits > 0 && value === 0) return false; // a leading zero is not JSON
      value = value * 10 + (c - 0x30);
      digits++;
      if (value > PEAK_MAX) return false;
    } else if (c === 0x2c || i === end) {
      if (digits === 0) return false;
      if (value > max) max = value;
      value = 0;
      digits = 0;
    } else return false;
  }
  return max !== 1;
}

/** A stored waveform column (JSON text, null or anything older) as the compact JSON array the API sends. */
export function compactPeaksJson(stored: string | null): string {
  if (!stored || !stored.startsWith('[')) return '[]';
  if (isCompactJson(stored)) return stored;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return '[]';
  }
  return Array.isArray(parsed) ? JSON.stringify(compactPeaks(parsed)) : '[]';
}
