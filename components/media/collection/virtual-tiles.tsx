'use client';

import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { formatMonth } from '@/lib/media/media-dates';
import { TimelineScrubber } from './timeline-scrubber';

/** The gap between tiles, px (a hairline, as Immich's). */
const GAP = 4;
/** A day's heading, px, before it is measured. */
const HEADING = 40;
/** The sticky top bar and the month label under it, px: where the screen's content starts. */
const TOP_BAR = 72;

/** How many tiles a row holds at a width: 3 across a phone, 5 at 1280 px with the sidebar, up to 8. */
export function tileColumns(width: number): number {
  if (width >= 1400) return 8;
  if (width >= 1100) return 6;
  if (width >= 860) return 5;
  if (width >= 600) return 4;
  return 3;
}

export interface TileSection<T> {
  /** `YYYY-MM-DD` (a day) or `YYYY-MM`; its month is what the pinned label and the scrubber go by. */
  key: string;
  heading: string | null;
  items: readonly T[];
}

export interface MonthSlot {
  month: string;
  count: number;
  /** Its records are here (its days are among the sections); until then a placeholder of its size stands in. */
  loaded: boolean;
}

type Line<T> =
  | { type: 'heading'; key: string; month: string; text: string }
  | { type: 'row'; key: string; month: string; label: string; items: readonly T[]; first: number }
  | { type: 'gap'; key: string; month: string; rows: number; days: number };

/** A month not here yet, guessed as its photos spread over its days: a heading a day, each day's rows of `cols`. */
function gapSize({ month, count }: MonthSlot, cols: number): { rows: number; days: number } {
  const [year, m] = month.split('-').map(Number);
  const inMonth = new Date(Date.UTC(year!, m, 0)).getUTCDate();
  const days = Math.max(1, Math.min(count, inMonth));
  return { days, rows: days * Math.ceil(count / days / cols) };
}

/** The lines of the grid: each section's heading, then its rows of `cols`; a month not loaded yet is one placeholder. */
function linesOf<T extends { id: number }>(
  sections: readonly TileSection<T>[],
  months: readonly MonthSlot[] | null,
  cols: number,
  label: string,
): Line<T>[] {
  const lines: Line<T>[] = [];
  let index = 0;
  const push = (section: TileSection<T>) => {
    const month = section.key.slice(0, 7);
    if (section.heading) lines.push({ type: 'heading', key: `h:${section.key}`, month, text: section.heading });
    const name = section.heading ? `${label}: ${section.heading}` : label;
    for (let at = 0; at < section.items.length; at += cols) {
      const items = section.items.slice(at, at + cols);
      lines.push({ type: 'row', key: `r:${section.key}:${items[0]!.id}`, month, label: name, items, first: index });
      index += items.length;
    }
  };
  if (!months) {
    sections.forEach(push);
    return lines;
  }
  const byMonth = new Map<string, TileSection<T>[]>();
  for (const s of sections) {
    const month = s.key.slice(0, 7);
    byMonth.set(month, [...(byMonth.get(month) ?? []), s]);
  }
  for (const slot of months) {
    if (slot.loaded) (byMonth.get(slot.month) ?? []).forEach(push);
    else lines.push({ type: 'gap', key: `g:${slot.month}`, month: slot.month, ...gapSize(slot, cols) });
  }
  return lines;
}

export interface VirtualTilesProps<T extends { id: number }> {
  label: string;
  sections: readonly TileSection<T>[];
  /** The timeline's months, when it is fed a month at a time (with a placeholder for each month not here yet). */
  months?: readonly MonthSlot[] | null;
  /** A month's placeholder came near the viewport: its records are wanted. */
  onNeedMonth?: (month: string) => void;
  revealId?: number | null;
  renderItem: (item: T, index: number) => ReactNode;
}

/**
 * The photo grid of any length: full-width rows of square tiles under day headings, only the rows near the
 * viewport mounted (20,000 photos cost what a screenful does), the month in view pinned at the top, and, while
 * the timeline comes a month at a time, a scrubber of its months at the right edge that jumps at once.
 */
export function VirtualTiles<T extends { id: number }>({
  label,
  sections,
  months = null,
  onNeedMonth,
  revealId = null,
  renderItem,
}: VirtualTilesProps<T>) {
  const rootRef = useRef<HTMLDivElement | null>(null);
  const [box, setBox] = useState({ width: 0, top: 0 });
  useLayoutEffect(() => {
    const el = rootRef.current;
    if (!el) return;
    const update = () => {
      const rect = el.getBoundingClientRect();
      setBox({ width: rect.width, top: rect.top + window.scrollY });
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const cols = tileColumns(box.width || (typeof window === 'undefined' ? 1280 : window.innerWidth));
  const tile = box.width ? (box.width - GAP * (cols - 1)) / cols : 160;
  const lines = useMemo(() => linesOf(sections, months, cols, label), [sections, months, cols, label]);

  const virtualizer = useWindowVirtualizer({
    count: lines.length,
    estimateSize: (i) => {
      const line = lines[i];
      if (!line || line.type === 'heading') return HEADING;
      return line.type === 'gap' ? line.days * HEADING + line.rows * (tile + GAP) : tile + GAP;
    },
    overscan: 3,
    scrollMargin: box.top,
    getItemKey: (i) => lines[i]?.key ?? i,
  });
  const shown = virtualizer.getVirtualItems();

  // A placeholder on screen (or near it) asks for its month.
  const wanted = shown.map((v) => lines[v.index]).filter((l): l is Extract<Line<T>, { type: 'gap' }> => l?.type === 'gap');
  const wantedKey = wanted.map((l) => l.month).join(',');
  useEffect(() => {
    if (!onNeedMonth || !wantedKey) return;
    for (const month of wantedKey.split(',')) onNeedMonth(month);
  }, [wantedKey, onNeedMonth]);

  // Scroll anchoring. A month that arrives replaces its placeholder with lines of another height, and the lines
  // after it would move under the reader (the browser's own anchoring does not see through the transforms).
  // So the line at the top of the screen (or, after a jump, the month jumped to) is kept where it was.
  const anchor = useRef<{ key: string; month: string; offset: number } | null>(null);
  const linesRef = useRef(lines);
  useLayoutEffect(() => {
    const was = anchor.current;
    const changed = linesRef.current !== lines;
    linesRef.current = lines;
    if (!changed || !was) return;
    let at = lines.findIndex((l) => l.key === was.key);
    if (at < 0) at = lines.findIndex((l) => l.month === was.month);
    const start = at >= 0 ? virtualizer.measurementsCache[at]?.start : undefined;
    if (start !== undefined && Math.abs(start - window.scrollY - was.offset) > 1) window.scrollTo(0, start - was.offset);
  }, [lines, virtualizer]);
  useEffect(() => {
    const record = () => {
      const top = window.scrollY + TOP_BAR;
      const first = virtualizer.measurementsCache.find((m) => m.end > top);
      const line = first ? linesRef.current[first.index] : undefined;
      anchor.current = first && line ? { key: line.key, month: line.month, offset: first.start - window.scrollY } : null;
    };
    record();
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [virtualizer]);

  const revealIndex = revealId === null ? -1 : lines.findIndex((l) => l.type === 'row' && l.items.some((i) => i.id === revealId));
  useEffect(() => {
    if (revealIndex >= 0) virtualizer.scrollToIndex(revealIndex, { align: 'center' });
  }, [revealIndex, virtualizer]);

  // The month of the first line under the top bar. A jump puts a month's heading there, but tiles are a fraction of
  // a pixel tall (the width shared by the columns) and the page scrolls by whole pixels: the line above may end a
  // fraction below the bar, and would be taken for the month in view. A line counts from a pixel below it.
  const offset = (virtualizer.scrollOffset ?? 0) - box.top + TOP_BAR;
  const current = shown.find((v) => v.end - box.top > offset + 1) ?? shown[0];
  const month = current ? lines[current.index]?.month : undefined;

  const jump = (to: string) => {
    onNeedMonth?.(to);
    const at = lines.findIndex((l) => l.month === to);
    if (at < 0) return;
    const start = virtualizer.measurementsCache[at]?.start;
    if (start === undefined) return;
    // Under the top bar, and held there while the month and its neighbours arrive (the anchoring above).
    anchor.current = { key: lines[at]!.key, month: to, offset: TOP_BAR };
    window.scrollTo(0, start - TOP_BAR);
  };

  return (
    <div ref={rootRef} data-testid="media-tiles" className={`relative ${months && months.length > 1 ? 'lg:pr-12' : ''}`}>
      {month ? (
        <p
          className="pointer-events-none sticky top-16 z-10 ml-auto -mb-8 w-fit rounded-full bg-surface/90 px-3 py-1 text-sm font-medium text-fg shadow-float backdrop-blur"
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
              ref={virtualizer.measureElement}
              className="absolute left-0 top-0 w-full"
              style={{ transform: `translateY(${v.start - virtualizer.options.scrollMargin}px)` }}
            >
              {line.type === 'heading' ? (
                <h2 className="pb-2 pt-3 text-sm font-semibold text-fg" data-day={line.key.slice(2)}>
                  {line.text}
                </h2>
              ) : line.type === 'row' ? (
                <ul
                  aria-label={line.label}
                  className="grid"
                  style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`, gap: GAP, paddingBottom: GAP }}
                >
                  {line.items.map((item, i) => (
                    <li key={item.id} className="min-w-0">
                      {renderItem(item, line.first + i)}
                    </li>
                  ))}
                </ul>
              ) : (
                <div aria-hidden="true" data-testid="timeline-gap" data-month={line.month}>
                  <p className="pb-2 pt-3 text-sm font-semibold text-fg-muted">{formatMonth(line.month)}</p>
                  <div
                    className="animate-pulse rounded-sm bg-surface-3/60"
                    style={{ height: (line.days - 1) * HEADING + line.rows * (tile + GAP) - GAP, marginBottom: GAP }}
                  />
                </div>
              )}
            </div>
          );
        })}
      </div>
      {months && months.length > 1 ? <TimelineScrubber months={months} current={month} onJump={jump} /> : null}
    </div>
  );
}
