import { describe, expect, it } from 'vitest';
import { clampIndex, indexAfterChange, stepIndex, viewerCounter } from '@/lib/media/lists/viewer-index';

describe('viewer index', () => {
  it('steps forward and back, going round at both ends', () => {
    expect(stepIndex(0, 1, 3)).toBe(1);
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(0, -1, 3)).toBe(2);
    expect(stepIndex(1, -4, 3)).toBe(0);
    expect(stepIndex(0, 1, 1)).toBe(0);
  });

  it('stops at the ends when asked not to wrap', () => {
    expect(stepIndex(2, 1, 3, false)).toBe(2);
    expect(stepIndex(0, -1, 3, false)).toBe(0);
    expect(stepIndex(1, 1, 3, false)).toBe(2);
  });

  it('clamps out-of-range and odd indexes', () => {
    expect(clampIndex(5, 3)).toBe(2);
    expect(clampIndex(-2, 3)).toBe(0);
    expect(clampIndex(1.7, 3)).toBe(1);
    expect(clampIndex(Number.NaN, 3)).toBe(0);
    expect(clampIndex(4, 0)).toBe(0);
    expect(stepIndex(7, 1, 3)).toBe(0); // from the clamped 2
    expect(stepIndex(0, 1, 0)).toBe(0);
  });

  it("shows 'N из M'", () => {
    expect(viewerCounter(0, 2)).toBe('1 из 2');
    expect(viewerCounter(1, 2)).toBe('2 из 2');
    expect(viewerCounter(9, 2)).toBe('2 из 2');
    expect(viewerCounter(0, 0)).toBe('0 из 0');
  });

  it('follows the same item after the list changes, else stays at the position, else -1', () => {
    const list = [{ id: 10 }, { id: 20 }, { id: 30 }];
    expect(indexAfterChange(list, 30, 0)).toBe(2); // re-sorted: found by id
    expect(indexAfterChange([{ id: 10 }, { id: 30 }], 20, 1)).toBe(1); // 20 deleted: the next one takes its place
    expect(indexAfterChange([{ id: 10 }, { id: 20 }], 30, 2)).toBe(1); // the last deleted: the new last
    expect(indexAfterChange([], 10, 0)).toBe(-1);
  });
});
