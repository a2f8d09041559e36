import { clampAspect, justifyRows, layoutDays, type BandOptions, type JustifiedRow } from './justified-rows';

/**
 * The photo timeline as lines of a virtual list (components/media/collection/virtual-tiles.tsx): each line a box of
 * known height, so only those near the viewport are drawn. A day with a row of photos or more is its heading, then
 * its justified rows; shorter days share a band, side by side under their headings (justified-rows.ts); a month
 * not read yet is one placeholder of about its height. Days share bands across months (a year of a day here and
 * there is still a dense page), within the months read so far: a month that arrives may re-pack the band before it.
 */

/** A run of the list under one heading: a day (`YYYY-MM-DD`), or the whole list unheaded (`key` ''). */
export interface TileSection<T> {
  key: string;
  heading: string | null;
  items: readonly T[];
}

/** A month of the timeline: its photos are here (its days are among the sections) or a placeholder stands in. */
export interface MonthSlot {
  month: string;
  count: number;
  loaded: boolean;
}

export interface TimelineGeometry extends BandOptions {
  /** A day's heading above its photos, px. */
  heading: number;
  /** Its text's size, px: a little smaller on a phone, where a heading is often wider than its day's photos. */
  headingSize: number;
}

/** The layout's measures for a width: shorter rows on a phone, taller on a wide screen; hairline gaps, as Immich's. */
export function timelineGeometry(width: number): TimelineGeometry {
  const phone = width < 600;
  return {
    width,
    target: width < 500 ? 92 : width < 1500 ? 124 : 160,
    gap: 4,
    dayGap: phone ? 8 : 12,
    maxStretch: 1.2,
    minShrink: 0.8,
    heading: phone ? 30 : 32,
    headingSize: phone ? 13 : 14,
  };
}

/** A photo in a line: its place among the photos shown (for ranges and ↑/↓), and its box's width. */
export interface PlacedTile<T> {
  item: T;
  index: number;
  width: number;
}

/** A day side by side with others in a band. */
export interface DayCell<T> {
  day: string;
  heading: string;
  /** The list's spoken name: «Фотографии: Вчера». */
  label: string;
  width: number;
  tiles: PlacedTile<T>[];
}

/**
 * A line of the timeline; `month` is the month of its first day (what the scrubber shows in view), `months` every
 * month it holds (a band may start in one month and go on into the next).
 */
export type TimelineLine<T> = { key: string; month: string; months: readonly string[]; height: number } & (
  | { type: 'band'; rowHeight: number; cells: DayCell<T>[] }
  | { type: 'heading'; day: string; text: string }
  | { type: 'row'; rowHeight: number; label: string; full: boolean; tiles: PlacedTile<T>[] }
  | { type: 'gap' }
);

export interface LinesInput<T> {
  sections: readonly TileSection<T>[];
  /** The timeline's months when it comes a month at a time; null: every section is here. */
  months: readonly MonthSlot[] | null;
  geometry: TimelineGeometry;
  /** The list's spoken name («Фотографии»). */
  label: string;
  /** A photo's width over its height (unknown: 1). */
  aspectOf: (item: T) => number;
  /** How wide a heading's text is, px. */
  headingWidth: (text: string) => number;
}

/** Every line of the timeline, in order. */
export function timelineLines<T extends { id: number }>(input: LinesInput<T>): TimelineLine<T>[] {
  const { sections, months, geometry } = input;
  const index = { next: 0 };
  if (!months) return runLines(sections, input, index);
  const byMonth = new Map<string, TileSection<T>[]>();
  for (const s of sections) {
    const month = s.key.slice(0, 7);
    const run = byMonth.get(month);
    if (run) run.push(s);
    else byMonth.set(month, [s]);
  }
  // The months read so far, in runs between the placeholders: days share bands across months within a run.
  const lines: TimelineLine<T>[] = [];
  let run: TileSection<T>[] = [];
  for (const slot of months) {
    if (slot.loaded) {
      run.push(...(byMonth.get(slot.month) ?? []));
      continue;
    }
    lines.push(...runLines(run, input, index));
    run = [];
    lines.push({ type: 'gap', key: `g:${slot.month}`, month: slot.month, months: [slot.month], height: gapHeight(slot, geometry) });
  }
  lines.push(...runLines(run, input, index));
  return lines;
}

/** A run of days (or the unheaded list) as lines; `index` counts the photos placed so far. */
function runLines<T extends { id: number }>(
  sections: readonly TileSection<T>[],
  { geometry, label, aspectOf, headingWidth }: LinesInput<T>,
  index: { next: number },
): TimelineLine<T>[] {
  const lines: TimelineLine<T>[] = [];
  const aspects = sections.map((s) => s.items.map((item) => clampAspect(aspectOf(item))));

  // A day of its own (or the unheaded list): its heading, then its rows.
  const pushRows = (section: TileSection<T>, rows: readonly JustifiedRow[]) => {
    const month = section.key.slice(0, 7);
    if (section.heading)
      lines.push({
        type: 'heading',
        key: `h:${section.key}`,
        month,
        months: [month],
        height: geometry.heading,
        day: section.key,
        text: section.heading,
      });
    const name = section.heading ? `${label}: ${section.heading}` : label;
    for (const row of rows) {
      const items = section.items.slice(row.start, row.start + row.count);
      lines.push({
        type: 'row',
        key: `r:${section.key}:${items[0]!.id}`,
        month,
        months: [month],
        height: row.height + geometry.gap,
        rowHeight: row.height,
        label: name,
        full: row.full,
        tiles: items.map((item, i) => ({ item, index: index.next + row.start + i, width: row.widths[i]! })),
      });
    }
    index.next += section.items.length;
  };

  // Unheaded (a list sorted by anything but the date): rows only, no days to set side by side.
  if (sections.some((s) => !s.heading)) {
    sections.forEach((section, i) => pushRows(section, justifyRows(aspects[i]!, geometry)));
    return lines;
  }
  const days = sections.map((s, i) => ({ aspects: aspects[i]!, headingWidth: headingWidth(s.heading!) }));
  for (const block of layoutDays(days, geometry)) {
    if (block.type === 'day') {
      pushRows(sections[block.day]!, block.rows);
      continue;
    }
    const first = sections[block.cells[0]!.day]!;
    const cells = block.cells.map((cell) => {
      const section = sections[cell.day]!;
      const tiles = section.items.map((item, i) => ({ item, index: index.next + i, width: cell.widths[i]! }));
      index.next += section.items.length;
      return { day: section.key, heading: section.heading!, label: `${label}: ${section.heading}`, width: cell.width, tiles };
    });
    lines.push({
      type: 'band',
      key: `b:${first.key}`,
      month: first.key.slice(0, 7),
      months: [...new Set(cells.map((c) => c.day.slice(0, 7)))],
      height: geometry.heading + block.height + geometry.gap,
      rowHeight: block.height,
      cells,
    });
  }
  return lines;
}

/** A photo's usual shape, for a month not read yet: between a phone's 4:3 and its portraits. */
const USUAL_ASPECT = 1.3;

/**
 * About the height of a month not read yet (Immich guesses the same way): its photos spread over its days; days of a
 * row or more each under a heading, shorter days in bands of as many as fit side by side.
 */
export function gapHeight({ month, count }: MonthSlot, g: TimelineGeometry): number {
  const [year, m] = month.split('-').map(Number);
  const inMonth = new Date(Date.UTC(year!, m, 0)).getUTCDate();
  const days = Math.max(1, Math.min(count, inMonth));
  const perDay = count / days;
  const perRow = Math.max(1, Math.floor((g.width + g.gap) / (USUAL_ASPECT * g.target + g.gap)));
  if (perDay >= perRow) return days * (g.heading + Math.ceil(perDay / perRow) * (g.target + g.gap));
  const daysPerBand = Math.max(1, Math.floor(perRow / Math.ceil(perDay)));
  return Math.ceil(days / daysPerBand) * (g.heading + g.target + g.gap);
}
