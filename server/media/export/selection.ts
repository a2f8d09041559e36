/**
 * The items of a chosen export («Скачать» on a selection), as its signed link carries them: the ids,
 * ascending, each run of consecutive ids written once as `first-last` and the runs joined by dots
 * (`12-15.40.42-43`), so a selection of photos uploaded together stays a short link. A media id names
 * one item of one kind, so the ids alone say which items; the kinds were checked when the link was
 * made. The text is inside the link's signature: only lists this server wrote are ever read back.
 */

/** The ids as a link's `items`: ascending, each once, in runs. */
export function encodeIds(ids: readonly number[]): string {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    runs.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return runs.join('.');
}

/**
 * The ids of a link's `items`, or null when the text is not a list encodeIds writes (ascending, no
 * overlap) or names more than `max` ids, so nothing unbounded is ever expanded.
 */
export function decodeIds(text: string, max: number): number[] | null {
  if (!/^\d{1,10}(-\d{1,10})?(\.\d{1,10}(-\d{1,10})?)*$/.test(text)) return null;
  const ids: number[] = [];
  let last = 0;
  for (const run of text.split('.')) {
    const [first, end = first] = run.split('-').map(Number) as [number, number?];
    if (first <= last || end < first || ids.length + (end - first + 1) > max) return null;
    for (let id = first; id <= end; id++) ids.push(id);
    last = end;
  }
  return ids;
}
