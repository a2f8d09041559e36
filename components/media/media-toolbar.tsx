'use client';

import { useId } from 'react';
import { SORT_OPTIONS, type SortOrder } from '@/lib/media/lists/sort-search';

/** Search ('Поиск') and sort ('Сортировка') above a media list. */
export function MediaToolbar<O extends string = SortOrder>({
  query,
  onQueryChange,
  order,
  onOrderChange,
  options,
}: {
  query: string;
  onQueryChange: (q: string) => void;
  order: O;
  onOrderChange: (o: O) => void;
  /** The sort choices (default: the audio list's six). The photo screen has no duration orders. */
  options?: ReadonlyArray<{ value: O; label: string }>;
}) {
  const choices = (options ?? SORT_OPTIONS) as ReadonlyArray<{ value: O; label: string }>;
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
            const picked = choices.find((o) => o.value === e.target.value);
            if (picked) onOrderChange(picked.value);
          }}
          className="min-h-10 rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
        >
          {choices.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
