/**
 * Justified rows, as Flickr, Google Photos and Immich lay photos out: each row as wide as the space, its photos at
 * one height and each in its own shape (width over height), the height near a target. And the timeline's days laid
 * side by side as Immich does: a day whose photos make less than a row shares a row («a band») with the days after
 * it, each under its heading, the band's height stretched a little so it reaches the edge. Pure: widths in, boxes
 * out, so a month of photos is laid out in a fraction of a millisecond and the grid can stay virtual.
 */

export interface RowOptions {
  /** The width to fill, px. */
  width: number;
  /** The height a row aims at, px. */
  target: number;
  /** Between two photos, px. */
  gap: number;
}

export interface JustifiedRow {
  /** The index of the row's first photo, and how many it holds. */
  start: number;
  count: number;
  height: number;
  /** Each photo's width, px: its shape at the row's height. */
  widths: number[];
  /** The row reaches the edge; else it is a run's last row, at the target height and short of the edge. */
  full: boolean;
}

/** A photo's shape kept within what a row can show: a 10:1 panorama or a 1:5 strip would shrink its row to a line. */
export const MIN_ASPECT = 1 / 3;
export const MAX_ASPECT = 4;
export const clampAspect = (aspect: number) =>
  Number.isFinite(aspect) && aspect > 0 ? Math.min(MAX_ASPECT, Math.max(MIN_ASPECT, aspect)) : 1;

const rowOf = (aspects: readonly number[], start: number, count: number, height: number, full: boolean): JustifiedRow => ({
  start,
  count,
  height,
  widths: aspects.slice(start, start + count).map((a) => a * height),
  full,
});

/**
 * The photos (their shapes, in order) in rows of `width`: each row takes photos until it would be no taller than
 * the target, then keeps the last one or leaves it for the next row, whichever height is nearer the target (by
 * ratio). The last row keeps the target height and stops short of the edge, as a paragraph's last line does.
 */
export function justifyRows(aspects: readonly number[], { width, target, gap }: RowOptions): JustifiedRow[] {
  const rows: JustifiedRow[] = [];
  let start = 0;
  while (start < aspects.length) {
    let sum = 0;
    let closed = false;
    for (let end = start; end < aspects.length; end++) {
      sum += aspects[end]!;
      const count = end - start + 1;
      const height = (width - gap * (count - 1)) / sum;
      if (height > target) continue;
      const without = count > 1 ? (width - gap * (count - 2)) / (sum - aspects[end]!) : Infinity;
      const keep = without / target > target / height;
      const taken = keep ? count : count - 1;
      rows.push(rowOf(aspects, start, taken, keep ? height : without, true));
      start += taken;
      closed = true;
      break;
    }
    if (!closed) {
      rows.push(rowOf(aspects, start, aspects.length - start, target, false));
      break;
    }
  }
  return rows;
}

/** A day of the timeline as the layout sees it. */
export interface DayShapes {
  /** Its photos' shapes (clampAspect), in order. */
  aspects: readonly number[];
  /** How wide its heading is, px: a day side by side with others is never narrower. */
  headingWidth: number;
}

export interface BandOptions extends RowOptions {
  /** Between two days side by side, px. */
  dayGap: number;
  /** How much taller than the target a band may grow to reach the edge (1.2: 20 % taller). */
  maxStretch: number;
  /** How much lower than the target a band may get to take one more day (0.85: 15 % lower). */
  minShrink: number;
}

/** A day in a band: where it starts, how wide it is, its photos' widths at the band's height. */
export interface BandCell {
  day: number;
  x: number;
  width: number;
  widths: number[];
}

/** What the days become: bands of short days side by side, or a day of its own in rows under its heading. */
export type DayBlock = { type: 'band'; height: number; cells: BandCell[] } | { type: 'day'; day: number; rows: JustifiedRow[] };

/**
 * The days in order, laid out: a day whose photos fill a row or more has rows of its own; shorter days share a
 * band, as many as fit side by side (none narrower than its heading; one more when the band, up to `minShrink`
 * lower, holds it), at one height stretched (up to `maxStretch`) so the band reaches the edge.
 */
export function layoutDays(days: readonly DayShapes[], options: BandOptions): DayBlock[] {
  const { width, target, gap, dayGap } = options;
  const blocks: DayBlock[] = [];
  let band: number[] = [];
  let used = 0;
  const flush = () => {
    if (band.length) blocks.push(stretchBand(band, days, options));
    band = [];
    used = 0;
  };
  days.forEach((day, index) => {
    const rows = justifyRows(day.aspects, { width, target, gap });
    const short = rows.length === 1 && !rows[0]!.full;
    if (!short) {
      flush();
      blocks.push({ type: 'day', day: index, rows });
      return;
    }
    const natural = Math.min(width, Math.max(naturalWidth(day.aspects, target, gap), day.headingWidth));
    const needed = (band.length ? dayGap : 0) + natural;
    // Past the edge at the target height, the day still joins if the band, a little lower, holds it.
    if (band.length && used + needed > width && bandWidth([...band, index], days, options, target * options.minShrink) > width) flush();
    band.push(index);
    used += (band.length > 1 ? dayGap : 0) + natural;
  });
  flush();
  return blocks;
}

const naturalWidth = (aspects: readonly number[], height: number, gap: number) =>
  aspects.reduce((sum, a) => sum + a * height, 0) + gap * (aspects.length - 1);

/** How wide the band of these days is at `height`, each day at least as wide as its heading. */
function bandWidth(indices: readonly number[], days: readonly DayShapes[], { gap, dayGap }: BandOptions, height: number): number {
  return indices.reduce(
    (sum, i, n) => sum + (n ? dayGap : 0) + Math.max(naturalWidth(days[i]!.aspects, height, gap), days[i]!.headingWidth),
    0,
  );
}

/**
 * The band's height: the one at which its days (each at least as wide as its heading) reach the edge, at least the
 * target and at most `maxStretch` times it. A day held to its heading's width takes no part in the stretch.
 */
function stretchBand(indices: readonly number[], days: readonly DayShapes[], options: BandOptions): DayBlock {
  const { width, target, gap, dayGap, maxStretch, minShrink } = options;
  const cells = indices.map((i) => ({
    day: days[i]!,
    sum: days[i]!.aspects.reduce((s, a) => s + a, 0),
    gaps: gap * (days[i]!.aspects.length - 1),
  }));
  let height = target;
  let held = new Set<number>();
  for (let round = 0; round < cells.length + 1; round++) {
    let free = width - dayGap * (cells.length - 1);
    let shapes = 0;
    cells.forEach((c, i) => {
      if (held.has(i)) free -= c.day.headingWidth;
      else {
        free -= c.gaps;
        shapes += c.sum;
      }
    });
    height = shapes > 0 ? Math.min(target * maxStretch, Math.max(target * minShrink, free / shapes)) : target;
    const next = new Set(cells.flatMap((c, i) => (c.sum * height + c.gaps < c.day.headingWidth ? [i] : [])));
    if (next.size === held.size) break;
    held = next;
  }
  let x = 0;
  return {
    type: 'band',
    height,
    cells: cells.map((c, i) => {
      const widths = c.day.aspects.map((a) => a * height);
      const cellWidth = Math.min(width, Math.max(c.sum * height + c.gaps, c.day.headingWidth));
      const cell = { day: indices[i]!, x, width: cellWidth, widths };
      x += cellWidth + dayGap;
      return cell;
    }),
  };
}
