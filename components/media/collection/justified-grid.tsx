'use client';

import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { clampAspect, justifyRows } from '@/lib/media/lists/justified-rows';

/** Between two pictures, px: the timeline's hairline. */
const GAP = 4;

/** The rows' height for a width: a little taller than the timeline's (an album is looked at, not scanned). */
export const albumRowHeight = (width: number) => (width < 500 ? 120 : width < 1000 ? 160 : 200);

export interface JustifiedGridProps<T extends { id: number | string }> {
  items: readonly T[];
  /** The list's spoken name. */
  label: string;
  /** A picture's width over its height (unknown: 1). */
  aspectOf: (item: T) => number;
  renderItem: (item: T, index: number) => ReactNode;
  /** The rows' height for the grid's width. */
  rowHeight?: (width: number) => number;
}

/**
 * A run of pictures (an album's photos, a shared album's) in justified rows, each in its own shape, all of them
 * drawn: a few hundred at most, unlike the timeline, which is virtual. One list; each row fills the width (its
 * last box takes what rounding left), the last row keeps the target height and stops short.
 */
export function JustifiedGrid<T extends { id: number | string }>({
  items,
  label,
  aspectOf,
  renderItem,
  rowHeight = albumRowHeight,
}: JustifiedGridProps<T>) {
  const ref = useRef<HTMLUListElement | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => setWidth(el.clientWidth);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const boxes = useMemo(() => {
    if (!width) return [];
    const rows = justifyRows(
      items.map((item) => clampAspect(aspectOf(item))),
      { width, target: rowHeight(width), gap: GAP },
    );
    return rows.flatMap((row) =>
      row.widths.map((w, i) => ({ width: Math.floor(w), height: row.height, grow: row.full && i === row.count - 1 })),
    );
  }, [items, aspectOf, rowHeight, width]);

  return (
    <ul ref={ref} aria-label={label} className="flex flex-wrap" style={{ gap: GAP }} data-testid="justified-grid">
      {boxes.length
        ? items.map((item, index) => {
            const box = boxes[index]!;
            return (
              <li
                key={item.id}
                className={box.grow ? 'min-w-0 grow' : 'shrink-0'}
                style={{ width: box.width, height: box.height, flexBasis: box.width }}
              >
                {renderItem(item, index)}
              </li>
            );
          })
        : null}
    </ul>
  );
}
