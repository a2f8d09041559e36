import type { CSSProperties } from 'react';

/** A grey block that pulses where content will be, in the content's own shape (no spinner where the layout is known). */
export function Skeleton({ className = '', style }: { className?: string; style?: CSSProperties }) {
  return <span aria-hidden="true" className={`block animate-shimmer rounded-md bg-surface-3 ${className}`} style={style} />;
}

/** Rows of a list while it loads: `label` is what a screen reader hears («Загрузка аудиозаписей»). */
export function SkeletonRows({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-2" data-testid="list-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-3 rounded-xl border border-line bg-surface p-3">
          <Skeleton className="h-10 w-10 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/5" />
          </div>
        </div>
      ))}
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** Tiles of a grid while it loads. */
export function SkeletonTiles({ label, tiles = 8, className = '' }: { label: string; tiles?: number; className?: string }) {
  return (
    <div role="status" aria-label={label} className={`grid ${className}`} data-testid="list-skeleton">
      {Array.from({ length: tiles }, (_, i) => (
        <Skeleton key={i} className="aspect-square w-full rounded-lg" />
      ))}
      <span className="sr-only">{label}</span>
    </div>
  );
}
