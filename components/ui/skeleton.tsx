/** A grey block that pulses where content will be, in the content's own shape (no spinner where the layout is known). */
export function Skeleton({ className = '' }: { className?: string }) {
  return <span aria-hidden="true" className={`block animate-shimmer rounded-md bg-surface-3 ${className}`} />;
}

/**
 * Rows of a recorder's list while it loads, drawn as the rows will be (a day's heading, then ~56 px rows: a title, a
 * line of date and length, the star and «⋯» at the end, hairlines between): `label` is what a screen reader hears
 * («Загрузка аудиозаписей»).
 */
export function SkeletonRows({ label, rows = 8 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col" data-testid="list-skeleton">
      <div className="flex h-9 items-end px-3 pb-1.5">
        <Skeleton className="h-3.5 w-20" />
      </div>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex min-h-14 items-center gap-1 border-b border-line py-1.5 pl-3 pr-1">
          <div className="flex min-h-10 flex-1 flex-col justify-center gap-1.5 touch:min-h-11">
            <Skeleton className={`h-4 ${i % 3 === 0 ? 'w-1/2' : i % 3 === 1 ? 'w-1/3' : 'w-2/5'} max-w-80`} />
            <Skeleton className="h-3 w-24" />
          </div>
          <Skeleton className="mx-2.5 h-5 w-5 rounded-full" />
          <Skeleton className="mx-2.5 h-1.5 w-5" />
        </div>
      ))}
      <span className="sr-only">{label}</span>
    </div>
  );
}

/**
 * A kind's screen before it can draw itself (a cold load: the page's first paint, while the sign-in is checked and
 * the screen's code and list arrive): its heading, its tools' places and its list's skeleton, where the screen will
 * put them (screen/media-screen.tsx), so nothing moves when it comes.
 */
export function ScreenSkeleton({
  heading,
  layout,
  record,
  label = 'Загрузка…',
}: {
  heading: string;
  layout: 'rows' | 'tiles';
  /** A record button beside the upload. */
  record: boolean;
  label?: string;
}) {
  return (
    <div className="flex min-h-dvh flex-col gap-3 sm:gap-4" data-testid="screen-skeleton">
      <div className="flex flex-wrap items-center gap-x-1 gap-y-2 sm:gap-x-2">
        <h1 className="mr-auto min-w-0 text-xl font-semibold tracking-tight text-fg sm:text-2xl">{heading}</h1>
        {/* A phone's icons (search, sort, upload); a laptop's buttons (upload, record). */}
        <span className="flex gap-1 sm:hidden" aria-hidden="true">
          <Skeleton className="m-2.5 h-6 w-6" />
          <Skeleton className="m-2.5 h-6 w-6" />
          <Skeleton className="m-2.5 h-6 w-6" />
        </span>
        <Skeleton className="h-10 w-40 max-sm:hidden" />
        {record ? <Skeleton className="h-10 w-36 max-sm:hidden" /> : null}
      </div>
      <div className="flex min-h-10 items-center gap-2 touch:min-h-11">
        <Skeleton className="mr-auto h-4 w-20" />
        <Skeleton className="h-10 w-64 max-sm:hidden" />
        <Skeleton className="h-10 w-44 max-sm:hidden" />
        <Skeleton className="h-10 w-44 touch:h-11 max-sm:w-40" />
      </div>
      {layout === 'rows' ? (
        <SkeletonRows label={label} />
      ) : (
        <SkeletonTiles label={label} tiles={18} className="grid-cols-3 gap-1 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6" />
      )}
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
