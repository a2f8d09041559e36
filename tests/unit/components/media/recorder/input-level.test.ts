import { describe, expect, it } from 'vitest';
import { levelText } from '@/components/media/recorder/level-meter';
import { levelOf } from '@/components/media/recorder/use-input-level';

const sine = (amplitude: number, n = 1024) => Float32Array.from({ length: n }, (_, i) => amplitude * Math.sin((2 * Math.PI * i) / 32));

describe('the recorder’s input level (issue 45, item 5)', () => {
  it('reads a block of samples as 0..1 on a −60..0 dBFS scale', () => {
    expect(levelOf(new Float32Array(1024))).toBe(0);
    // A full-scale sine: RMS 1/√2, −3 dBFS.
    expect(levelOf(sine(1))).toBeCloseTo(0.95, 2);
    // −30 dBFS RMS: half way.
    expect(levelOf(sine(Math.SQRT2 * 10 ** (-30 / 20)))).toBeCloseTo(0.5, 2);
    // Below the floor: silence.
    expect(levelOf(sine(0.0005))).toBe(0);
  });

  it('says the level in words with the figure, for a screen reader', () => {
    expect(levelText(0)).toBe('тишина, 0 %');
    expect(levelText(20)).toBe('тихо, 20 %');
    expect(levelText(52)).toBe('хорошо слышно, 52 %');
    expect(levelText(90)).toBe('громко, 90 %');
  });
});
