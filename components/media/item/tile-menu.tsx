'use client';

import { Menu, type MenuEntry } from '@/components/ui/menu';
import { MoreIcon } from '@/components/ui/more-icon';

/**
 * The «⋯» over a picture (an album's photo, a video's poster), inside the tile's `group/select`: a small dark disc in
 * the corner while the tile is pointed at or holds the focus, as the check mark and the star; on a touch screen,
 * where nothing is pointed at, always there but small (a 24 px disc), never a 40 px disc on every tile. The button
 * keeps its 40 px (44 px on touch) to hit.
 */
export function TileMenu({ label, entries, className = '' }: { label: string; entries: ReadonlyArray<MenuEntry>; className?: string }) {
  return (
    <div className={className}>
      <Menu
        label={label}
        align="start"
        entries={entries}
        button={
          <span
            className="flex h-7 w-7 items-center justify-center rounded-full bg-slate-900/55 text-white pointer-coarse:h-6 pointer-coarse:w-6"
            aria-hidden="true"
          >
            <MoreIcon className="h-4 w-4" />
          </span>
        }
        buttonClassName="inline-flex h-10 w-10 items-center justify-center rounded-full opacity-0 transition-opacity duration-150 group-hover/select:opacity-100 group-focus-within/select:opacity-100 focus-visible:opacity-100 data-open:opacity-100 pointer-coarse:h-11 pointer-coarse:w-11 pointer-coarse:opacity-100"
      />
    </div>
  );
}
