'use client';

import { useDeferredValue, useMemo, useState } from 'react';

/** A media screen's search text and sort order; the search is deferred so typing stays quick on long lists. */
export function useSearchState<O extends string>(initialOrder: O) {
  const [query, setQuery] = useState('');
  const [order, setOrder] = useState<O>(initialOrder);
  const deferredQuery = useDeferredValue(query);
  return { query, setQuery, order, setOrder, deferredQuery, searching: deferredQuery.trim() !== '' };
}

/** The items a search and an order leave; `select` is the pure filter+sort (visibleRecords, visiblePhotos). */
export function useSearchResults<T, O extends string>(
  items: readonly T[] | undefined,
  { deferredQuery, order }: { deferredQuery: string; order: O },
  select: (items: readonly T[], query: string, order: O) => T[],
) {
  return useMemo(() => (items ? select(items, deferredQuery, order) : []), [items, deferredQuery, order, select]);
}
