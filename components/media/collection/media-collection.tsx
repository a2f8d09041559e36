'use client';

import { measureElement as measuredSize, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { VirtualTiles, type MonthSlot } from './virtual-tiles';

export interface MediaCollectionProps<T extends { id: number }> {
  items: readonly T[];
  /** The list's accessible name: «Аудиозаписи», «Фотографии», «Видео». */
  label: string;
  /**
   * `rows`: one item a row, only the rows near the viewport mounted (a long list of recordings costs objects, not
   * players); `tiles`: a grid whose columns `tileGrid` sets.
   */
  layout: 'rows' | 'tiles';
  /** The grid's columns and gaps (tiles). */
  tileGrid?: string;
  /** A row's height before it is measured (rows). */
  estimateRow?: number;
  /** An item to bring into view (a link named it). */
  revealId?: number | null;
  /** The items under their headings («Сегодня», «Вчера», «12 ноября»), in the list's order (rows); none: no headings. */
  groups?: ReadonlyArray<{ key: string; heading: string; items: readonly T[] }> | null;
  /** Tiles in virtual justified rows (any number of photos, each in its shape), rather than one grid of them all. */
  virtual?: boolean;
  /** The timeline's months, when it comes a month at a time (virtual tiles): a placeholder for each month not here yet. */
  months?: readonly MonthSlot[] | null;
  onNeedMonth?: (month: string) => void;
  renderItem: (item: T, index: number) => ReactNode;
}

/** The one host of every kind's items: rows for recordings, tiles for photos and videos. */
export function MediaCollection<T extends { id: number }>(props: MediaCollectionProps<T>) {
  if (props.layout === 'rows') return <VirtualRows {...props} />;
  if (!props.virtual) return <Tiles {...props} />;
  const { items, label, groups, months, onNeedMonth, revealId, renderItem } = props;
  return (
    <VirtualTiles
      label={label}
      sections={groups ?? [{ key: '', heading: null, items }]}
      months={months}
      onNeedMonth={onNeedMonth}
      revealId={revealId}
      aspectOf={aspectOf}
      renderItem={renderItem}
    />
  );
}

/** A picture's width over its height, from its record (a photo's or a video's size in pixels); unknown: a square. */
function aspectOf(item: { id: number; width?: number | null; height?: number | null }): number {
  return item.width && item.height ? item.width / item.height : 1;
}

/** A grid of tiles, all of them mounted: an album's run of photos or videos, the videos. */
function Tiles<T extends { id: number }>({ items, label, tileGrid = '', renderItem }: MediaCollectionProps<T>) {
  return (
    <ul aria-label={label} className={`grid ${tileGrid}`} data-testid="media-tiles">
      {items.map((item, index) => (
        <li key={item.id} className="min-w-0">
          {renderItem(item, index)}
        </li>
      ))}
    </ul>
  );
}

/** A closed recording's row (a 56 px head and its hairline) and a day's heading, in px (audio-item.tsx, skeleton.tsx). */
const ROW_PX = 57;
const HEADING_PX = 36;

/** One line of the virtual list: a day's heading or an item (with its place among the items, for ↑/↓). */
type Line<T> = { heading: string; key: string } | { item: T; index: number };

/** The items, each group's heading before its items. */
function linesOf<T extends { id: number }>(items: readonly T[], groups: MediaCollectionProps<T>['groups']): Line<T>[] {
  if (!groups) return items.map((item, index) => ({ item, index }));
  const lines: Line<T>[] = [];
  let index = 0;
  for (const group of groups) {
    lines.push({ heading: group.heading, key: group.key });
    for (const item of group.items) lines.push({ item, index: index++ });
  }
  return lines;
}

/**
 * A row's size as its ResizeObserver reports it (after layout, at no cost); when a row is put in place (no report yet)
 * the size known for it, else its estimate — not read from the page, which would lay the page out in React's commit.
 */
function sizeFromObserver(element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<Window, Element>): number {
  if (entry) return measuredSize(element, entry, instance);
  const index = instance.indexFromElement(element);
  return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
}

/**
 * Window-scrolled virtual rows: only the rows on screen (plus a few) are mounted, so 2,000 recordings cost
 * 2,000 objects, not 2,000 waveforms. Rows are measured (open players and headings vary).
 */
function VirtualRows<T extends { id: number }>({
  items,
  label,
  estimateRow = ROW_PX,
  revealId = null,
  groups = null,
  renderItem,
}: MediaCollectionProps<T>) {
  const lines = useMemo(() => linesOf(items, groups), [items, groups]);
  const listRef = useRef<HTMLDivElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // Where the list starts on the page, measured again when what stands above it changes height (the phone's search
  // field unfolding, an upload's tray, a banner): the rows would otherwise be placed by the old top.
  // Measured after the browser has laid the page out (an effect, and the observer's first call), not in the commit:
  // read there, the position made the browser lay out the whole page inside React's commit (a phone's longest task on
  // a cold /audio). Until then the rows are chosen as if the list began at the page's top, a few more than needed.
  useEffect(() => {
    const update = () => setScrollMargin(listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0);
    update();
    window.addEventListener('resize', update);
    const observer = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(update) : null;
    // The screen around the list: its height changes with anything that comes or goes above the list.
    const around = listRef.current?.parentElement;
    if (around) observer?.observe(around);
    return () => {
      window.removeEventListener('resize', update);
      observer?.disconnect();
    };
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: lines.length,
    // The sizes rows and headings are drawn at, so the first measurement finds them as estimated: every size that
    // differs makes the virtualizer lay out all its lines again (2,000 recordings: 2,000 lines, each time).
    estimateSize: (i) => (lines[i] && 'heading' in lines[i] ? HEADING_PX : estimateRow),
    overscan: 4,
    scrollMargin,
    getItemKey: (i) => {
      const line = lines[i];
      return !line ? i : 'heading' in line ? `h:${line.key}` : line.item.id;
    },
    measureElement: sizeFromObserver,
  });

  const revealIndex = revealId === null ? -1 : lines.findIndex((l) => 'item' in l && l.item.id === revealId);
  useEffect(() => {
    if (revealIndex >= 0) virtualizer.scrollToIndex(revealIndex, { align: 'center' });
  }, [revealIndex, virtualizer]);

  return (
    <div ref={listRef} role="list" aria-label={label}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const line = lines[row.index];
          if (!line) return null;
          return (
            <div
              key={row.key}
              role="listitem"
              data-index={row.index}
              ref={virtualizer.measureElement}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
              }}
            >
              {'heading' in line ? (
                <h2 className="flex h-9 items-end px-3 pb-1 text-sm font-semibold text-fg-muted">{line.heading}</h2>
              ) : (
                renderItem(line.item, line.index)
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
