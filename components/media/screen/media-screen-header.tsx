import type { ReactNode } from 'react';

/**
 * A media screen's heading with its tools on the same line (search, sort, upload, record): on a phone they are
 * icons, so the heading and the tools take one line and the list starts high. `headingId` lets the screen move
 * the focus to the heading when what had it goes away (the selection bar, after «В корзину»).
 */
export function MediaScreenHeader({ title, headingId, children }: { title: string; headingId?: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-x-1 gap-y-2 sm:gap-x-2">
      <h1
        id={headingId}
        tabIndex={headingId ? -1 : undefined}
        className="mr-auto min-w-0 text-xl font-semibold tracking-tight text-fg outline-none sm:text-2xl"
      >
        {title}
      </h1>
      {children}
    </div>
  );
}
