import { describe, expect, it } from 'vitest';
import { compactPeaks, compactPeaksJson } from '../../../../server/media/processing/peaks.ts';

describe('compact waveform peaks', () => {
  it('turns 0..1 peaks into whole numbers 0..100 that keep the shape to within half a step', () => {
    const peaks = Array.from({ length: 300 }, (_, i) => Math.round(Math.abs(Math.sin(i / 7)) * 1000) / 1000);
    const compact = compactPeaks(peaks);
    expect(compact).toHaveLength(300);
    compact.forEach((v, i) => {
      expect(Number.isInteger(v)).toBe(true);
      expect(Math.abs(v / 100 - peaks[i]!)).toBeLessThanOrEqual(0.005 + 1e-9);
    });
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(peaks).length * 0.6);
  });

  it('leaves peaks already compact as they are, and reads silence, junk and non-arrays as nothing loud', () => {
    expect(compactPeaks([0, 37, 100, 5])).toEqual([0, 37, 100, 5]);
    expect(compactPeaks([0, 0, 0])).toEqual([0, 0, 0]);
    expect(compactPeaks([null, 'x', -1, 0.5])).toEqual([0, 0, 0, 50]);
    expect(compactPeaksJson('[0.5,1]')).toBe('[50,100]');
    expect(compactPeaksJson(null)).toBe('[]');
    expect(compactPeaksJson('{"a":1}')).toBe('[]');
    expect(compactPeaksJson('[1,2')).toBe('[]');
  });

  it('gives a stored column back as it is only when re-writing it would give the same text', () => {
    // What compactPeaksJson did for every column before it learned to recognise compact ones.
    const rewritten = (stored: string) => {
      try {
        const parsed: unknown = JSON.parse(stored);
        return Array.isArray(parsed) ? JSON.stringify(compactPeaks(parsed)) : '[]';
      } catch {
        return '[]';
      }
    };
    const samples = [
      '[]',
      '[0]',
      '[0,0,0]',
      '[1]',
      '[0,1,1]',
      '[2,0]',
      '[100]',
      '[0,37,100,5]',
      '[07,100]',
      '[00]',
      '[100,101]',
      '[1000]',
      '[ 1,100]',
      '[1,,100]',
      '[,100]',
      '[100,]',
      '[0.5,100]',
      '[-1,100]',
      '[100]]',
      '[[100]]',
      '[100,"7"]',
      '[5e1,100]',
      JSON.stringify(Array.from({ length: 300 }, (_, i) => Math.round(Math.abs(Math.sin(i / 9)) * 100))),
    ];
    for (const stored of samples) expect(compactPeaksJson(stored), stored).toBe(rewritten(stored));
    const compact = JSON.stringify(Array.from({ length: 300 }, (_, i) => (i * 37) % 101));
    expect(compactPeaksJson(compact)).toBe(compact);
  });
});
