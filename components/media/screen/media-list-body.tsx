'use client';

import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

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
  /** The list or grid of the visible items. */
  children: ReactNode;
}

/** A media screen's list area: loading (the list's skeleton), load error with 'Повторить', empty, nothing found, or the count and the items. */
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
  children,
}: MediaListBodyProps) {
  if (list.isPending) return <>{skeleton}</>;
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
  // One live region stands above the list whatever it shows, so a search that finds nothing is spoken as it
  // happens («Ничего не найдено»), like the count it replaces; a region that appears with its text is not.
  const empty = total === 0;
  const nothingFound = !empty && visibleCount === 0;
  return (
    <>
      <div aria-live="polite" data-testid="list-status">
        {empty ? (
          <EmptyState title={emptyTitle} description={emptyDescription} />
        ) : nothingFound ? (
          <EmptyState title="Ничего не найдено" description="Измените запрос поиска." />
        ) : (
          <p className="text-sm text-fg-muted">{searching ? `Найдено: ${countLabel(visibleCount)}` : countLabel(visibleCount)}</p>
        )}
      </div>
      {empty || nothingFound ? null : children}
    </>
  );
}
