import type { ReactNode } from 'react';

/**
 * A media screen's heading with its actions (record, upload) on the right. `headingId` lets the screen move
 * the focus to the heading when what had it goes away (the selection bar, after «В корзину»).
 */
export function MediaScreenHeader({ title, headingId, children }: { title: string; headingId?: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 id={headingId} tabIndex={headingId ? -1 : undefined} className="text-2xl font-semibold tracking-tight text-fg outline-none">
        {title}
      </h1>
      {children}
    </div>
  );
}
