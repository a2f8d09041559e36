'use client';

import { StarIcon } from './favorite-button';

const SEGMENT =
  'inline-flex min-h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors touch:min-h-11 aria-pressed:bg-surface aria-pressed:text-accent-text aria-pressed:shadow-card text-fg-muted hover:text-fg';

/** «Все» / «Избранное» above a list: the second shows only the starred items. */
export function FavoriteFilter({ onlyFavorites, onChange }: { onlyFavorites: boolean; onChange: (only: boolean) => void }) {
  return (
    <div role="group" aria-label="Показывать" className="flex w-fit gap-1 rounded-lg bg-surface-2 p-1">
      <button type="button" aria-pressed={!onlyFavorites} className={SEGMENT} onClick={() => onChange(false)}>
        Все
      </button>
      <button type="button" aria-pressed={onlyFavorites} className={SEGMENT} onClick={() => onChange(true)}>
        <StarIcon filled={onlyFavorites} className="h-4 w-4" />
        Избранное
      </button>
    </div>
  );
}

/** The empty state of «Избранное». */
export const FAVORITES_EMPTY = {
  title: 'В избранном пока пусто',
  description: 'Отметьте звёздочкой то, что важно, — оно появится здесь.',
};
