'use client';

import { LineIcon } from '@/components/ui/line-icon';
import type { SelectItem } from '@/components/media/selection/use-selection';

export interface SelectCheckProps {
  id: number;
  /** The item's name: the check says «Выбрать: Море». */
  name: string;
  selected?: boolean;
  /** Once anything on the screen is selected, every check shows. */
  selecting?: boolean;
  /** The screen's selection; none where items are not selected (an album's page, the home): no check. */
  onSelect?: SelectItem;
  /** `media`: white on a photo or poster; `surface`: on a row. */
  tone?: 'media' | 'surface';
  className?: string;
}

/**
 * An item's check mark (a checkbox, spoken as «Выбрать: <title>»), the same on every kind's item: shown while the
 * pointer is over the item (`group/select`) or the focus is in it, and on every item once something is selected.
 * A click toggles; Shift-click selects the range from the item last clicked.
 */
export function SelectCheck({ id, name, selected = false, selecting = false, onSelect, tone = 'media', className = '' }: SelectCheckProps) {
  if (!onSelect) return null;
  const label = `Выбрать: ${name}`;
  const shown =
    selected || selecting
      ? 'opacity-100'
      : 'opacity-0 group-hover/select:opacity-100 group-focus-within/select:opacity-100 pointer-coarse:invisible';
  const disc =
    tone === 'media'
      ? selected
        ? 'border-white bg-accent text-accent-fg'
        : 'border-white bg-slate-900/30 text-transparent hover:bg-slate-900/50'
      : selected
        ? 'border-accent bg-accent text-accent-fg'
        : 'border-line-strong bg-surface text-transparent hover:border-fg-muted';
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={selected}
      aria-label={label}
      title={label}
      data-testid="select-check"
      onMouseDown={(e) => {
        if (e.shiftKey) e.preventDefault(); // no text selection stretched by a Shift-click
      }}
      onClick={(e) => {
        e.stopPropagation();
        onSelect(id, e.shiftKey);
      }}
      className={`inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full transition-opacity duration-150 focus-visible:opacity-100 pointer-coarse:h-11 pointer-coarse:w-11 ${shown} ${className}`}
    >
      <span className={`flex h-6 w-6 items-center justify-center rounded-full border-2 ${disc}`} aria-hidden="true">
        <LineIcon d="M5 10.5l3.2 3L15 7" viewBox="0 0 20 20" className="h-4 w-4" strokeWidth={2.5} />
      </span>
    </button>
  );
}
