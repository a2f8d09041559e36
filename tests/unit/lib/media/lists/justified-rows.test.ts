import { describe, expect, it } from 'vitest';
import { clampAspect, justifyRows, layoutDays, type BandOptions } from '@/lib/media/lists/justified-rows';

const ROW = { width: 1000, target: 150, gap: 4 };
const BAND: BandOptions = { ...ROW, dayGap: 12, maxStretch: 1.2, minShrink: 0.8 };
const rowWidth = (widths: readonly number[], gap: number) => widths.reduce((s, w) => s + w, 0) + gap * (widths.length - 1);

describe('justified rows', () => {
  it('fills each row to the edge at one height near the target, every photo in its shape, the last row short', () => {
    const aspects = [1.5, 0.75, 1, 3, 1.33, 0.75, 1.5, 1, 1.33];
    const rows = justifyRows(aspects, ROW);
    expect(rows.reduce((n, r) => n + r.count, 0)).toBe(aspects.length);
    for (const row of rows.slice(0, -1)) {
      expect(row.full).toBe(true);
      expect(rowWidth(row.widths, ROW.gap)).toBeCloseTo(ROW.width, 6);
      expect(row.height).toBeGreaterThan(ROW.target * 0.7);
      expect(row.height).toBeLessThan(ROW.target * 1.5);
      row.widths.forEach((w, i) => expect(w / row.height).toBeCloseTo(aspects[row.start + i]!, 6));
    }
    const last = rows.at(-1)!;
    if (!last.full) {
      expect(last.height).toBe(ROW.target);
      expect(rowWidth(last.widths, ROW.gap)).toBeLessThan(ROW.width);
    }
  });

  it('keeps or leaves the photo that crosses the target, whichever height is nearer it', () => {
    // Squares at 1000 px: six make a row 163 px tall, seven 139 px; 150/139 is nearer 1 than 163/150, so seven.
    expect(justifyRows([1, 1, 1, 1, 1, 1, 1, 1], ROW)[0]!.count).toBe(7);
    // With the target at 160, 163 is the nearer: six.
    expect(justifyRows([1, 1, 1, 1, 1, 1, 1, 1], { ...ROW, target: 160 })[0]!.count).toBe(6);
  });

  it('a photo wider than a row alone at the target is a row of its own, lower', () => {
    const [row] = justifyRows([4], { ...ROW, width: 300 });
    expect(row).toMatchObject({ count: 1, full: true });
    expect(row!.height).toBeCloseTo(75, 6);
  });

  it('holds every shape within 1:3 and 4:1, and an unknown one square', () => {
    expect(clampAspect(10)).toBe(4);
    expect(clampAspect(0.1)).toBeCloseTo(1 / 3);
    expect(clampAspect(0)).toBe(1);
    expect(clampAspect(Number.NaN)).toBe(1);
  });
});

describe('days side by side', () => {
  const day = (aspects: number[], headingWidth = 100) => ({ aspects, headingWidth });

  it('short days share a band, stretched toward the edge; a day of a row or more has rows of its own', () => {
    const blocks = layoutDays([day([1.5]), day([0.75, 1]), day([1.33]), day(Array.from({ length: 12 }, () => 1.5)), day([1])], BAND);
    expect(blocks.map((b) => b.type)).toEqual(['band', 'day', 'band']);
    const band = blocks[0]!;
    if (band.type !== 'band') throw new Error('a band');
    expect(band.cells.map((c) => c.day)).toEqual([0, 1, 2]);
    expect(band.height).toBeGreaterThan(BAND.target);
    expect(band.height).toBeLessThanOrEqual(BAND.target * BAND.maxStretch);
    const last = band.cells.at(-1)!;
    expect(last.x + last.width).toBeLessThanOrEqual(BAND.width + 1e-6);
    // Days follow each other with the day gap between them.
    expect(band.cells[1]!.x).toBeCloseTo(band.cells[0]!.width + BAND.dayGap, 6);
  });

  it('never draws a day narrower than its heading', () => {
    const [band] = layoutDays([day([0.5], 180), day([1], 60)], BAND);
    if (band?.type !== 'band') throw new Error('a band');
    expect(band.cells[0]!.width).toBe(180);
    expect(band.cells[0]!.widths[0]).toBeLessThan(180);
  });

  it('takes one more day when the band, a little lower, holds it; never lower than minShrink', () => {
    // At 150 px: 600 + 12 + 450 = 1062 > 1000; at 141 px they fit.
    const blocks = layoutDays([day([4]), day([3])], BAND);
    expect(blocks).toHaveLength(1);
    const [band] = blocks;
    if (band?.type !== 'band') throw new Error('a band');
    expect(band.height).toBeCloseTo((1000 - 12) / 7, 6);
    // Two wide days that would need a band under 0.8 of the target stay apart.
    expect(layoutDays([day([4]), day([4])], { ...BAND, width: 700 })).toHaveLength(2);
  });
});
