'use client';

import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

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
  renderItem: (item: T, index: number) => ReactNode;
}

/** The one host of every kind's items: rows for recordings, tiles for photos and videos. */
export function MediaCollection<T extends { id: number }>(props: MediaCollectionProps<T>) {
  return props.layout === 'rows' ? <VirtualRows {...props} /> : <Tiles {...props} />;
}

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

const GAP = 12;

/**
 * Window-scrolled virtual rows: only the rows on screen (plus a few) are mounted, so 2,000 recordings cost
 * 2,000 objects, not 2,000 waveforms. Rows are measured (descriptions and open players vary).
 */
function VirtualRows<T extends { id: number }>({ items, label, estimateRow = 96, revealId = null, renderItem }: MediaCollectionProps<T>) {
  const listRef = useRef<HTMLDivElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const update = () => setScrollMargin(listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0);
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimateRow,
    overscan: 4,
    gap: GAP,
    scrollMargin,
    getItemKey: (index) => items[index]?.id ?? index,
  });

  const revealIndex = revealId === null ? -1 : items.findIndex((r) => r.id === revealId);
  useEffect(() => {
    if (revealIndex >= 0) virtualizer.scrollToIndex(revealIndex, { align: 'center' });
  }, [revealIndex, virtualizer]);

  return (
    <div ref={listRef} role="list" aria-label={label}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index];
          if (!item) return null;
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
              {renderItem(item, row.index)}
            </div>
          );
        })}
      </div>
    </div>
  );
}
