'use client';

import { useId, useRef, useState } from 'react';
import { IconButton } from '@/components/ui/icon-button';
import { LineIcon } from '@/components/ui/line-icon';
import { Listbox } from '@/components/ui/listbox';
import { SORT_OPTIONS, type SortOrder } from '@/lib/media/lists/sort-search';

const SEARCH_ICON = 'M10.5 17a6.5 6.5 0 100-13 6.5 6.5 0 000 13zM20 20l-4.8-4.8';
/** Two arrows, up and down: the order of the list. */
const SORT_ICON = 'M7 4v16M7 4 3.5 7.5M7 4l3.5 3.5M17 20V4m0 16-3.5-3.5M17 20l3.5-3.5';

/**
 * Search ('Поиск') and sort ('Сортировка') of a media list. On a laptop (`folded` false) they stand on the count's
 * line: the search a field, the sort a button with the order's name. On a phone they fold to icons in the screen's
 * header, so the list starts high (Voice Memos: the list first): the magnifier opens the field on a line of its own,
 * focused, and Escape or «Закрыть поиск» folds it again, emptied. A field holding a search stays open.
 */
export function MediaToolbar<O extends string = SortOrder>({
  query,
  onQueryChange,
  order,
  onOrderChange,
  options,
  folded,
}: {
  query: string;
  onQueryChange: (q: string) => void;
  order: O;
  onOrderChange: (o: O) => void;
  /** The sort choices (default: the audio list's six). The photo screen has no duration orders. */
  options?: ReadonlyArray<{ value: O; label: string }>;
  /** A phone's header: icons, the field unfolded on demand. */
  folded: boolean;
}) {
  const choices = (options ?? SORT_OPTIONS) as ReadonlyArray<{ value: O; label: string }>;
  const searchId = useId();
  const [unfolded, setUnfolded] = useState(false);
  const open = !folded || unfolded || query !== '';
  const fieldRef = useRef<HTMLInputElement | null>(null);
  const toggleRef = useRef<HTMLButtonElement | null>(null);
  const unfold = () => {
    setUnfolded(true);
    requestAnimationFrame(() => fieldRef.current?.focus());
  };
  /** Folds the phone's field, emptied, and gives the focus back to the magnifier. */
  const fold = () => {
    onQueryChange('');
    setUnfolded(false);
    requestAnimationFrame(() => toggleRef.current?.focus());
  };
  return (
    <>
      {open ? (
        <div
          role="search"
          className={`relative min-w-0 ${folded ? 'order-last basis-full' : 'w-full sm:w-56 sm:max-w-md sm:grow lg:w-64'}`}
          data-testid="media-search"
        >
          <LineIcon d={SEARCH_ICON} className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-fg-muted" />
          <input
            ref={fieldRef}
            id={searchId}
            type="search"
            aria-label="Поиск"
            value={query}
            onChange={(e) => onQueryChange(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && folded) {
                e.preventDefault();
                fold();
              }
            }}
            placeholder="Поиск"
            className={`min-h-10 w-full rounded-lg border border-line-strong bg-surface py-2 pl-9 text-base text-fg placeholder:text-fg-subtle touch:min-h-11 ${folded ? 'pr-12' : 'pr-3'}`}
          />
          {folded ? (
            <IconButton label="Закрыть поиск" onClick={fold} className="absolute right-0 top-1/2 -translate-y-1/2">
              <LineIcon d="M6 6l12 12M18 6L6 18" className="h-4 w-4" />
            </IconButton>
          ) : null}
        </div>
      ) : null}
      {folded && !open ? (
        <IconButton ref={toggleRef} label="Поиск" onClick={unfold} aria-expanded={false}>
          <LineIcon d={SEARCH_ICON} />
        </IconButton>
      ) : null}
      <Listbox
        label="Сортировка"
        hideLabel
        value={order}
        onChange={onOrderChange}
        options={choices}
        icon={<LineIcon d={SORT_ICON} className="h-5 w-5 shrink-0" />}
      />
    </>
  );
}
