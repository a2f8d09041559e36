'use client';

import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import type { AudioRecord } from '@/lib/api/audio';
import { AudioItem } from './audio-item';

export interface AudioListProps {
  records: AudioRecord[];
  onEdit: (record: AudioRecord) => void;
  onDelete: (record: AudioRecord) => void;
}

const ESTIMATED_ROW = 240;
const GAP = 12;

/**
 * Window-scrolled virtual list: only the rows on screen (plus a few) are mounted, so 2,000
 * recordings cost 2,000 objects, not 2,000 waveforms. Rows are measured (descriptions vary).
 */
export function AudioList({ records, onEdit, onDelete }: AudioListProps) {
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
              <AudioItem record={record} onEdit={onEdit} onDelete={onDelete} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
