'use client';

import { useId, type ReactNode } from 'react';
import { Listbox } from '@/components/ui/listbox';
import { SORT_OPTIONS, type SortOrder } from '@/lib/media/lists/sort-search';

/** Search ('Поиск') and sort ('Сортировка') above a media list. */
export function MediaToolbar<O extends string = SortOrder>({
  query,
  onQueryChange,
  order,
  onOrderChange,
  options,
  extra,
}: {
  query: string;
  onQueryChange: (q: string) => void;
  order: O;
  onOrderChange: (o: O) => void;
  /** The sort choices (default: the audio list's six). The photo screen has no duration orders. */
  options?: ReadonlyArray<{ value: O; label: string }>;
  /** A control in the same row (the «Все / Избранное» switch), so the list starts as high as it can. */
  extra?: ReactNode;
}) {
  const choices = (options ?? SORT_OPTIONS) as ReadonlyArray<{ value: O; label: string }>;
  const searchId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex flex-1 flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-medium text-fg">
          Поиск
        </label>
        <div className="relative">
          <svg
            viewBox="0 0 20 20"
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-fg-muted"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <circle cx="9" cy="9" r="6" />
            <path d="M14 14l4 4" />
          </svg>
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => onQueryChange(e.target.value)}
            placeholder="Название или описание"
            className="min-h-10 w-full rounded-lg border border-line-strong bg-surface py-2 pl-9 pr-3 text-base text-fg placeholder:text-fg-subtle"
          />
        </div>
      </div>
      <Listbox label="Сортировка" value={order} onChange={onOrderChange} options={choices} className="sm:w-60" />
      {extra}
    </div>
  );
}
