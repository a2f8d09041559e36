'use client';

import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';

export interface MediaListBodyProps {
  /**
   * The list query's state. Only a load that failed with nothing to show is an error: a list seen before (kept on
   * the device for an offline start) stays on screen when re-reading it fails.
   */
  list: { isPending: boolean; isLoadingError: boolean; refetch: () => unknown };
  /** Everything the server returned (undefined until loaded). */
  total: number | undefined;
  /** How many match the search. */
  visibleCount: number;
  /** True while a search text is typed: the count reads «Найдено: 2 записи». */
  searching: boolean;
  /** What stands in the list's place while it loads (skeleton rows or tiles). */
  skeleton: ReactNode;
  errorMessage: string;
  emptyTitle: string;
  emptyDescription: string;
  /** «2 записи», «1 фотография». */
  countLabel: (count: number) => string;
  /** What stands on the count's line, at its end (the «Все / Избранное» switch), whatever the list shows. */
  aside?: ReactNode;
  /** The list or grid of the visible items. */
  children: ReactNode;
}

/**
 * A media screen's list area: a line with the count («15 записей», «Найдено: 2 записи») and `aside`, then the
 * list; loading, the list's skeleton; a load that failed, «Повторить»; empty, or nothing found, what to do next.
 */
export function MediaListBody({
  list,
  total,
  visibleCount,
  searching,
  skeleton,
  errorMessage,
  emptyTitle,
  emptyDescription,
  countLabel,
  aside,
  children,
}: MediaListBodyProps) {
  if (list.isLoadingError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-xl border border-danger-line bg-danger-soft px-4 py-8 text-center"
      >
        <p className="text-danger-text">{errorMessage}</p>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          Повторить
        </Button>
      </div>
    );
  }
  const loading = list.isPending;
  // One live region stands on the count's line whatever the list shows, so a search that finds nothing is spoken
  // as it happens («Ничего не найдено»), like the count it replaces, once; a region that appears with its text is
  // not. An empty list's message takes the whole width, under the line's `aside`.
  const empty = !loading && total === 0;
  const nothingFound = !loading && !empty && visibleCount === 0;
  return (
    <>
      <div className="flex min-h-10 flex-wrap items-center gap-3 touch:min-h-11">
        <div aria-live="polite" data-testid="list-status" className={empty || nothingFound ? 'order-last basis-full' : 'mr-auto'}>
          {loading ? (
            <Skeleton className="h-4 w-20" />
          ) : empty ? (
            <EmptyState title={emptyTitle} description={emptyDescription} />
          ) : nothingFound ? (
            <EmptyState title="Ничего не найдено" description="Измените запрос поиска." />
          ) : (
            <p className="text-sm text-fg-muted">{searching ? `Найдено: ${countLabel(visibleCount)}` : countLabel(visibleCount)}</p>
          )}
        </div>
        {/* On a phone the aside's parts flow in the count's line (the count and the filter side by side, the partners'
            switch under them) rather than wrapping as one block under the count. From 640 px the aside grows into the
            line it is on, and its search field with it: wrapped under the count, it fills that line instead of leaving a
            gap at its left. */}
        {aside ? (
          <div className="contents sm:ml-auto sm:flex sm:grow sm:flex-wrap sm:items-center sm:justify-end sm:gap-2">{aside}</div>
        ) : null}
      </div>
      {loading ? skeleton : empty || nothingFound ? null : children}
    </>
  );
}
