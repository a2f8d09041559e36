import type { ReactNode } from 'react';

/** A media screen's heading with its actions (record, upload) on the right. */
export function MediaScreenHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
      {children}
    </div>
  );
}
