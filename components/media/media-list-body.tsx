'use client';

import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';

export interface MediaListBodyProps {
  /** The list query's state. */
  list: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** Everything the server returned (undefined until loaded). */
  total: number | undefined;
  /** How many match the search. */
  visibleCount: number;
  /** True while a search text is typed: the count reads 'Найдено: N'. */
  searching: boolean;
  loadingLabel: string;
  errorMessage: string;
  emptyTitle: string;
  emptyDescription: string;
  /** e.g. (n) => `Всего записей: ${n}` */
  totalLabel: (count: number) => string;
  /** The list or grid of the visible items. */
  children: ReactNode;
}

/** A media screen's list area: loading, load error with 'Повторить', empty, nothing found, or the count and the items. */
export function MediaListBody({
  list,
  total,
  visibleCount,
  searching,
  loadingLabel,
  errorMessage,
  emptyTitle,
  emptyDescription,
  totalLabel,
  children,
}: MediaListBodyProps) {
  if (list.isPending) {
    return (
      <div className="flex justify-center py-10 text-slate-700">
        <Spinner className="h-8 w-8" label={loadingLabel} />
      </div>
    );
  }
  if (list.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-8 text-center">
        <p className="text-red-800">{errorMessage}</p>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          Повторить
        </Button>
      </div>
    );
  }
  if (total === 0) return <EmptyState title={emptyTitle} description={emptyDescription} />;
  if (visibleCount === 0) return <EmptyState title="Ничего не найдено" description="Измените запрос поиска." />;
  return (
    <>
      <p className="text-sm text-slate-600" aria-live="polite">
        {searching ? `Найдено: ${visibleCount}` : totalLabel(visibleCount)}
      </p>
      {children}
    </>
  );
}
