/**
 * Index arithmetic for the photo viewer (and any other "previous / next" browser over a list).
 */

/** `index` brought into 0..count-1 (0 for an empty list or a non-number). */
export function clampIndex(index: number, count: number): number {
  if (count <= 0 || !Number.isFinite(index)) return 0;
  return Math.min(count - 1, Math.max(0, Math.trunc(index)));
}

/**
 * The index `delta` steps away. `wrap` (the default) goes round: next after the last is the first,
 * previous before the first is the last; without it the ends stop the move.
 */
export function stepIndex(index: number, delta: number, count: number, wrap = true): number {
  if (count <= 0) return 0;
  const from = clampIndex(index, count);
  const step = Number.isFinite(delta) ? Math.trunc(delta) : 0;
  if (!wrap) return clampIndex(from + step, count);
  return (((from + step) % count) + count) % count;
}

/** 'N из M' — the viewer's counter, 1-based. */
export function viewerCounter(index: number, count: number): string {
  if (count <= 0) return '0 из 0';
  return `${clampIndex(index, count) + 1} из ${count}`;
}

/**
 * Which item to show after the list changed (an item deleted, the list refetched): the same id when
 * it is still there, else the item now at the old position (clamped), or -1 when nothing is left.
 */
export function indexAfterChange<T extends { id: number | string }>(
  items: readonly T[],
  previousId: number | string | null,
  previousIndex: number,
): number {
  if (items.length === 0) return -1;
  if (previousId !== null) {
    const found = items.findIndex((i) => i.id === previousId);
    if (found >= 0) return found;
  }
  return clampIndex(previousIndex, items.length);
}
