'use client';

import { useDeferredValue, useMemo, useState } from 'react';

/**
 * A media screen's search text and sort order, and the items they leave. The search is deferred so
 * typing stays quick on long lists; `select` is the pure filter+sort (visibleRecords, visiblePhotos).
 */
export function useMediaSearch<T, O extends string>(
  items: readonly T[] | undefined,
  initialOrder: O,
  select: (items: readonly T[], query: string, order: O) => T[],
) {
  const [query, setQuery] = useState('');
  const [order, setOrder] = useState<O>(initialOrder);
  const deferredQuery = useDeferredValue(query);
  const visible = useMemo(() => (items ? select(items, deferredQuery, order) : []), [items, deferredQuery, order, select]);
  return { query, setQuery, order, setOrder, visible, searching: deferredQuery.trim() !== '' };
}
