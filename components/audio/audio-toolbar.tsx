'use client';

import { useId } from 'react';
import { SORT_OPTIONS, isSortOrder, type SortOrder } from '@/lib/media/sort-search';

export function AudioToolbar({
  query,
  onQueryChange,
  order,
  onOrderChange,
}: {
  query: string;
  onQueryChange: (q: string) => void;
  order: SortOrder;
  onOrderChange: (o: SortOrder) => void;
}) {
  const searchId = useId();
  const sortId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex flex-1 flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
          Поиск
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(e) => onQueryChange(e.target.value)}
          placeholder="Название или описание"
          className="min-h-10 rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500"
        />
      </div>
      <div className="flex flex-col gap-1 sm:w-60">
        <label htmlFor={sortId} className="text-sm font-medium text-slate-800">
          Сортировка
        </label>
        <select
          id={sortId}
          value={order}
          onChange={(e) => {
            if (isSortOrder(e.target.value)) onOrderChange(e.target.value);
          }}
          className="min-h-10 rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
        >
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
