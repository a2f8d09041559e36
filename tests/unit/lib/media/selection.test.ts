import { describe, expect, it } from 'vitest';
import { EMPTY_SELECTION, rangeBetween, selectedInOrder, selectionReducer, type Selection } from '@/lib/media/selection';
import { decodeIds, encodeIds } from '../../../../server/media/export/selection';

const ORDER = [50, 40, 30, 20, 10, 5];
const ids = (s: Selection) => [...s.ids].sort((a, b) => a - b);
const run = (...actions: Parameters<typeof selectionReducer>[1][]) => actions.reduce(selectionReducer, EMPTY_SELECTION);

describe('selection: click, Shift-click, clear', () => {
  it('a click toggles one item and becomes the anchor', () => {
    const one = run({ type: 'toggle', id: 30 });
    expect(ids(one)).toEqual([30]);
    expect(one.anchor).toBe(30);
    const none = selectionReducer(one, { type: 'toggle', id: 30 });
    expect(ids(none)).toEqual([]);
  });

  it('a Shift-click selects every item from the anchor to the one clicked, in the order shown, both ways', () => {
    expect(ids(run({ type: 'toggle', id: 40 }, { type: 'range', id: 10, order: ORDER }))).toEqual([10, 20, 30, 40]);
    expect(ids(run({ type: 'toggle', id: 10 }, { type: 'range', id: 40, order: ORDER }))).toEqual([10, 20, 30, 40]);
  });

  it('a range adds to what is selected and moves the anchor, so a second Shift-click goes on from there', () => {
    const s = run({ type: 'toggle', id: 50 }, { type: 'toggle', id: 20 }, { type: 'range', id: 10, order: ORDER });
    expect(ids(s)).toEqual([10, 20, 50]);
    expect(s.anchor).toBe(10);
    expect(ids(selectionReducer(s, { type: 'range', id: 5, order: ORDER }))).toEqual([5, 10, 20, 50]);
  });

  it('a Shift-click with no anchor, or one no longer shown, is a click', () => {
    expect(ids(run({ type: 'range', id: 20, order: ORDER }))).toEqual([20]);
    const s = run({ type: 'toggle', id: 99 }, { type: 'range', id: 20, order: ORDER });
    expect(ids(s)).toEqual([20, 99]);
  });

  it('what leaves the screen leaves the selection (and the anchor), and clear empties it', () => {
    const s = run({ type: 'toggle', id: 40 }, { type: 'range', id: 20, order: ORDER }, { type: 'keep', shown: [50, 40, 10] });
    expect(ids(s)).toEqual([40]);
    expect(s.anchor).toBeNull();
    const same = selectionReducer(s, { type: 'keep', shown: [40] });
    expect(same).toBe(s);
    expect(selectionReducer(s, { type: 'clear' })).toBe(EMPTY_SELECTION);
  });

  it('rangeBetween and selectedInOrder follow the order shown', () => {
    expect(rangeBetween(ORDER, 20, 40)).toEqual([40, 30, 20]);
    expect(rangeBetween(ORDER, 20, 20)).toEqual([20]);
    expect(rangeBetween(ORDER, null, 20)).toBeNull();
    expect(rangeBetween(ORDER, 7, 20)).toBeNull();
    expect(selectedInOrder(ORDER, new Set([5, 40, 20]))).toEqual([40, 20, 5]);
  });
});

describe('the ids of a chosen export, as its link carries them', () => {
  it('writes runs of consecutive ids once, ascending, each id once', () => {
    expect(encodeIds([15, 12, 13, 14, 40, 43, 42, 12])).toBe('12-15.40.42-43');
    expect(encodeIds([7])).toBe('7');
    expect(decodeIds('12-15.40.42-43', 100)).toEqual([12, 13, 14, 15, 40, 42, 43]);
  });

  it('reads back exactly what it writes', () => {
    const chosen = [3, 4, 5, 9, 11, 12, 100, 2_000_000_000];
    expect(decodeIds(encodeIds(chosen), 1000)).toEqual(chosen);
  });

  it('reads nothing that it would not write, nor more ids than allowed', () => {
    for (const text of ['', '0', '5.3', '3.3', '3-1', '1-3.2', 'a', '1..2', '1-2-3', '-1', '1,2'])
      expect(decodeIds(text, 100), text).toBeNull();
    expect(decodeIds('1-1000', 1000)).toHaveLength(1000);
    expect(decodeIds('1-1001', 1000)).toBeNull();
    expect(decodeIds('1-999.1001-1002', 1000)).toBeNull();
  });
});
