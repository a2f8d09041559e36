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

/** A stored waveform column (JSON text, null or anything older) as the compact JSON array the API sends. */
export function compactPeaksJson(stored: string | null): string {
  if (!stored || !stored.startsWith('[')) return '[]';
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return '[]';
  }
  return Array.isArray(parsed) ? JSON.stringify(compactPeaks(parsed)) : '[]';
}
