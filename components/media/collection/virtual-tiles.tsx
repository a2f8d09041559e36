'use client';

import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { formatMonth } from '@/lib/media/media-dates';
import {
  timelineGeometry,
  timelineLines,
  type MonthSlot,
  type PlacedTile,
  type TileSection,
  type TimelineLine,
} from '@/lib/media/lists/timeline-lines';
import { TimelineScrubber } from './timeline-scrubber';
import { useScrolling } from './use-scrolling';

export type { MonthSlot, TileSection };

/** The sticky top bar and the month label under it, px: where the screen's content starts. */
const TOP_BAR = 72;

/** A day's heading as drawn (`font-semibold`, the app's font), for the width a day side by side with others keeps. */
const HEADING_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
const headingWidths = new Map<string, number>();
let measure: CanvasRenderingContext2D | null | undefined;

/** How wide a heading's text is at `size` px, px: measured once by a canvas (about 0.6 em a letter where there is none). */
function headingWidth(text: string, size: number): number {
  const key = `${size}:${text}`;
  const known = headingWidths.get(key);
  if (known !== undefined) return known;
  if (measure === undefined) measure = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  let width = text.length * size * 0.6;
  if (measure) {
    measure.font = `600 ${size}px ${HEADING_FONT}`;
    width = measure.measureText(text).width;
  }
  // A little room, so the text never meets the next day's photos.
  const result = Math.ceil(width) + 6;
  headingWidths.set(key, result);
  return result;
}

export interface VirtualTilesProps<T extends { id: number }> {
  label: string;
  sections: readonly TileSection<T>[];
  /** The timeline's months, when it is fed a month at a time (with a placeholder for each month not here yet). */
  months?: readonly MonthSlot[] | null;
  /** A month's placeholder came near the viewport: its records are wanted. */
  onNeedMonth?: (month: string) => void;
  revealId?: number | null;
  /** A photo's width over its height (unknown: 1, a square). */
  aspectOf: (item: T) => number;
  renderItem: (item: T, index: number) => ReactNode;
}

/** A row of photos, each in its box of the layout's width and the row's height. */
function TileRow<T extends { id: number }>({
  label,
  tiles,
  height,
  full,
  gap,
  renderItem,
}: {
  label: string;
  tiles: readonly PlacedTile<T>[];
  height: number;
  /** The row reaches the edge: its last box takes what rounding left (never a pixel past it). */
  full: boolean;
  gap: number;
  renderItem: (item: T, index: number) => ReactNode;
}) {
  return (
    <ul aria-label={label} className="flex" style={{ gap, height }}>
      {tiles.map((tile, i) => (
        <li
          key={tile.item.id}
          className={full && i === tiles.length - 1 ? 'min-w-0 flex-1' : 'shrink-0'}
          style={{ width: tile.width, height }}
        >
          {renderItem(tile.item, tile.index)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The photo timeline of any length (Immich's): justified rows that keep each photo's shape under day headings, the
 * days short of a row side by side; only the lines near the viewport mounted (20,000 photos cost what a screenful
 * does); the month in view named while the page scrolls; and, while the timeline comes a month at a time, a
 * scrubber of its months at the right edge that jumps at once. The layout is lib/media/lists/timeline-lines.ts.
 */
export function VirtualTiles<T extends { id: number }>({
  label,
  sections,
  months = null,
  onNeedMonth,
  revealId = null,
  aspectOf,
  renderItem,
}: VirtualTilesProps<T>) {
  const rootRef = useRef<HTMLDivElement | null>(null);
  const [box, setBox] = useState({ width: 0, top: 0 });
  useLayoutEffect(() => {
    const el = rootRef.current;
    if (!el) return;
    const update = () => {
      const rect = el.getBoundingClientRect();
      setBox({ width: rect.width - gutter(el), top: rect.top + window.scrollY });
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const width = box.width || (typeof window === 'undefined' ? 1000 : Math.min(window.innerWidth, 1280));
  const geometry = useMemo(() => timelineGeometry(width), [width]);
  const lines = useMemo(
    () => timelineLines({ sections, months, geometry, label, aspectOf, headingWidth: (text) => headingWidth(text, geometry.headingSize) }),
    [sections, months, geometry, label, aspectOf],
  );

  const virtualizer = useWindowVirtualizer({
    count: lines.length,
    estimateSize: (i) => lines[i]?.height ?? geometry.heading,
    overscan: 3,
    scrollMargin: box.top,
    getItemKey: (i) => lines[i]?.key ?? i,
  });
  const shown = virtualizer.getVirtualItems();

  // A placeholder on screen (or within a screen of it) asks for its month. Not every line the virtualizer mounts: its
  // overscan is counted in lines, and a placeholder line is a whole month tall — the three after a month on screen
  // (months of photos below) were asked for with it, 1.4 MB of records on the first load of 20,000 photos.
  const scrollTop = virtualizer.scrollOffset ?? 0;
  const screen = virtualizer.scrollRect?.height || (typeof window === 'undefined' ? 800 : window.innerHeight);
  const wanted = shown
    .filter((v) => v.start < scrollTop + 2 * screen && v.end > scrollTop - screen)
    .map((v) => lines[v.index])
    .filter((l): l is Extract<TimelineLine<T>, { type: 'gap' }> => l?.type === 'gap');
  const wantedKey = wanted.map((l) => l.month).join(',');
  useEffect(() => {
    if (!onNeedMonth || !wantedKey) return;
    for (const month of wantedKey.split(',')) onNeedMonth(month);
  }, [wantedKey, onNeedMonth]);

  // Scroll anchoring. A month that arrives replaces its placeholder with lines of another height, and the lines
  // after it would move under the reader (the browser's own anchoring does not see through the transforms).
  // So the line at the top of the screen (or, after a jump, the month jumped to) is kept where it was.
  const anchor = useRef<{ key: string; month: string; offset: number } | null>(null);
  // Where the page was put to hold the anchor (a jump, or the anchoring itself): the scroll that puts it there is not
  // the reader's, and keeps the anchor as it is. Taken afresh from that scroll, the anchor was the line ending a few
  // pixels under the top bar — after a jump the month before's placeholder — and when that month arrived shorter
  // than its estimate, the month jumped to slid up past the screen's top (2,500 px into it on 20,000 photos).
  const placedAt = useRef<number | null>(null);
  const place = (y: number) => {
    placedAt.current = y;
    window.scrollTo(0, y);
  };
  const linesRef = useRef(lines);
  useLayoutEffect(() => {
    const was = anchor.current;
    const changed = linesRef.current !== lines;
    linesRef.current = lines;
    // Nothing to hold while the grid's top is in view (below): the anchor may date from before the grid was
    // measured, when its offset under the header was not known yet.
    if (!changed || !was || window.scrollY + TOP_BAR <= box.top) return;
    let at = lines.findIndex((l) => l.key === was.key);
    if (at < 0) at = lines.findIndex((l) => l.months.includes(was.month));
    const start = at >= 0 ? virtualizer.measurementsCache[at]?.start : undefined;
    if (start !== undefined && Math.abs(start - window.scrollY - was.offset) > 1) place(start - was.offset);
  }, [lines, virtualizer, box.top]);
  useEffect(() => {
    const record = () => {
      if (placedAt.current !== null && Math.abs(window.scrollY - placedAt.current) <= 1) return;
      placedAt.current = null;
      const top = window.scrollY + TOP_BAR;
      // While the grid's top is in view there is nothing to hold: a month that arrives changes only what is below
      // the reader's eye, and the page stays where it is (at its top when it opens). Holding a line there once
      // replayed the grid's offset under the header as a jump, and the screen opened scrolled past its header.
      // Nor before the grid is measured (its top unknown, taken as 0): an anchor taken then made the re-render that
      // measured it read the page's scroll position in its commit, which laid out the whole new grid there (148 ms
      // of a 333 ms task in Lighthouse's trace of a cold /photos).
      if (top <= box.top || !box.width) {
        anchor.current = null;
        return;
      }
      const first = virtualizer.measurementsCache.find((m) => m.end > top);
      const line = first ? linesRef.current[first.index] : undefined;
      anchor.current = first && line ? { key: line.key, month: line.month, offset: first.start - window.scrollY } : null;
    };
    // Taken again once the browser has drawn the grid, not in this effect: reading the scroll position in it (run in
    // the commit's task after a synchronous render) made the browser lay the new grid out there, 85–148 ms of one task
    // in Lighthouse's trace of a cold /photos. Meanwhile the anchor taken before stands (none on a first draw).
    let later: number | undefined;
    const frame = requestAnimationFrame(() => {
      later = window.setTimeout(record, 0);
    });
    window.addEventListener('scroll', record, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(later);
      window.removeEventListener('scroll', record);
    };
  }, [virtualizer, box.top, box.width]);

  const revealIndex =
    revealId === null
      ? -1
      : lines.findIndex(
          (l) =>
            (l.type === 'row' && l.tiles.some((t) => t.item.id === revealId)) ||
            (l.type === 'band' && l.cells.some((c) => c.tiles.some((t) => t.item.id === revealId))),
        );
  useEffect(() => {
    if (revealIndex >= 0) virtualizer.scrollToIndex(revealIndex, { align: 'center' });
  }, [revealIndex, virtualizer]);

  // The month of the first line under the top bar. A jump puts a month's heading there, but rows are a fraction of
  // a pixel tall (the layout's heights) and the page scrolls by whole pixels: the line above may end a fraction
  // below the bar, and would be taken for the month in view. A line counts from a pixel below it.
  const offset = (virtualizer.scrollOffset ?? 0) - box.top + TOP_BAR;
  const current = shown.find((v) => v.end - box.top > offset + 1) ?? shown[0];
  const currentLine = current ? lines[current.index] : undefined;
  // A band may hold the end of one month and the start of the next: after a jump to the later one, that is the
  // month in view while its band is at the top.
  const [jumpedTo, setJumpedTo] = useState<string | null>(null);
  const month = jumpedTo && currentLine?.months.includes(jumpedTo) ? jumpedTo : currentLine?.month;
  // The month's name shows while the page moves, and fades once it rests: it never sits over a photo for long.
  const scrolling = useScrolling();

  const jump = (to: string) => {
    onNeedMonth?.(to);
    setJumpedTo(to);
    const at = lines.findIndex((l) => l.months.includes(to));
    if (at < 0) return;
    const start = virtualizer.measurementsCache[at]?.start;
    if (start === undefined) return;
    // Under the top bar, and held there while the month and its neighbours arrive (the anchoring above).
    anchor.current = { key: lines[at]!.key, month: to, offset: TOP_BAR };
    place(start - TOP_BAR);
  };

  const scrubbed = months !== null && months.length > 1;
  const { gap, dayGap } = geometry;
  return (
    <div ref={rootRef} data-testid="media-tiles" className={`relative ${scrubbed ? 'lg:pr-12' : ''}`}>
      {month ? (
        <p
          className={`pointer-events-none sticky top-16 z-10 ml-auto -mb-8 w-fit rounded-full bg-surface/90 px-3 py-1 text-sm font-medium text-fg shadow-float backdrop-blur transition-opacity duration-300 motion-reduce:transition-none ${scrolling ? 'opacity-100' : 'opacity-0'}`}
          data-testid="timeline-month"
        >
          {formatMonth(month)}
        </p>
      ) : null}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {shown.map((v) => {
          const line = lines[v.index];
          if (!line) return null;
          return (
            <div
              key={v.key}
              data-index={v.index}
              className="absolute left-0 top-0 w-full"
              style={{ height: line.height, transform: `translateY(${v.start - virtualizer.options.scrollMargin}px)` }}
            >
              <Line line={line} gap={gap} dayGap={dayGap} fontSize={geometry.headingSize} renderItem={renderItem} />
            </div>
          );
        })}
      </div>
      {scrubbed ? <TimelineScrubber months={months} current={month} onJump={jump} top={box.top - (virtualizer.scrollOffset ?? 0)} /> : null}
    </div>
  );
}

/** A day's heading: one line, bottom-aligned over its photos. */
const HEADING_CLASS = 'truncate font-semibold leading-5 text-fg';

/** One line of the timeline: a band of days side by side, a day's heading, a row of a day, or a month's placeholder. */
function Line<T extends { id: number }>({
  line,
  gap,
  dayGap,
  fontSize,
  renderItem,
}: {
  line: TimelineLine<T>;
  gap: number;
  dayGap: number;
  /** The headings' size, px (the layout measured them at it). */
  fontSize: number;
  renderItem: (item: T, index: number) => ReactNode;
}) {
  if (line.type === 'heading') {
    return (
      <h2 className={`flex h-full items-end pb-2 ${HEADING_CLASS}`} style={{ fontSize }} data-day={line.day}>
        {line.text}
      </h2>
    );
  }
  if (line.type === 'row') {
    return <TileRow label={line.label} tiles={line.tiles} height={line.rowHeight} full={line.full} gap={gap} renderItem={renderItem} />;
  }
  if (line.type === 'band') {
    const heading = line.height - line.rowHeight - gap;
    return (
      <div className="flex" style={{ gap: dayGap }}>
        {line.cells.map((cell) => (
          <div key={cell.day} className="min-w-0 shrink-0" style={{ width: cell.width }}>
            <div className="flex items-end pb-2" style={{ height: heading }}>
              <h2 className={HEADING_CLASS} style={{ fontSize }} data-day={cell.day} title={cell.heading}>
                {cell.heading}
              </h2>
            </div>
            <TileRow label={cell.label} tiles={cell.tiles} height={line.rowHeight} full={false} gap={gap} renderItem={renderItem} />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div aria-hidden="true" data-testid="timeline-gap" data-month={line.month} className="flex h-full flex-col">
      <p className="flex h-9 shrink-0 items-end pb-2 text-sm font-semibold text-fg-muted">{formatMonth(line.month)}</p>
      <div className="mb-1 flex-1 animate-pulse rounded-sm bg-surface-3/60" />
    </div>
  );
}

/** The right padding the scrubber keeps free, px: the rows stop short of it. */
function gutter(el: HTMLElement): number {
  return parseFloat(getComputedStyle(el).paddingRight) || 0;
}
