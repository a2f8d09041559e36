'use client';

import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { AudioRecord } from '@/lib/api/audio';
import { AudioItem } from './audio-item';

export interface AudioListProps {
  records: AudioRecord[];
  onEdit: (record: AudioRecord) => void;
  onDelete: (record: AudioRecord) => void;
  /** A record to bring into view and outline (a link named it). */
  highlightId?: number | null;
}

const ESTIMATED_ROW = 240;
const GAP = 12;

/**
 * Window-scrolled virtual list: only the rows on screen (plus a few) are mounted, so 2,000
 * recordings cost 2,000 objects, not 2,000 waveforms. Rows are measured (descriptions vary).
 */
export function AudioList({ records, onEdit, onDelete, highlightId = null }: AudioListProps) {
  const listRef = useRef<HTMLDivElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const update = () => setScrollMargin(listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0);
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: records.length,
    estimateSize: () => ESTIMATED_ROW,
    overscan: 4,
    gap: GAP,
    scrollMargin,
    getItemKey: (index) => records[index]?.id ?? index,
  });

  const highlightIndex = highlightId === null ? -1 : records.findIndex((r) => r.id === highlightId);
  useEffect(() => {
    if (highlightIndex >= 0) virtualizer.scrollToIndex(highlightIndex, { align: 'center' });
  }, [highlightIndex, virtualizer]);

  const items = virtualizer.getVirtualItems();
  return (
    <div ref={listRef} role="list" aria-label="Аудиозаписи">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {items.map((row) => {
          const record = records[row.index];
          if (!record) return null;
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
              <AudioItem record={record} onEdit={onEdit} onDelete={onDelete} highlighted={record.id === highlightId} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
