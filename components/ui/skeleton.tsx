import type { CSSProperties } from 'react';

/** A grey block that pulses where content will be, in the content's own shape (no spinner where the layout is known). */
export function Skeleton({ className = '', style }: { className?: string; style?: CSSProperties }) {
  return <span aria-hidden="true" className={`block animate-shimmer rounded-md bg-surface-3 ${className}`} style={style} />;
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
  /** The list's shape: a recorder's rows, tiles (videos) or the photo timeline's justified rows. */
  layout: 'rows' | 'tiles' | 'timeline';
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
      ) : layout === 'timeline' ? (
        <SkeletonTimeline label={label} />
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

/** The grey timeline's shapes: a few days of photos in their usual shapes (landscape, portrait, square, panorama). */
const TIMELINE_BANDS: readonly (readonly number[])[] = [
  [1.33, 0.75, 1.33, 1, 0.75, 1.33],
  [3, 1.33, 0.75, 1],
  [0.75, 1.33, 1.33, 0.75, 1.33],
  [1, 1.33, 3, 0.75],
];

/** The photo timeline while it loads: day headings over justified rows of grey boxes, in the timeline's measures. */
export function SkeletonTimeline({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-1" data-testid="list-skeleton">
      {TIMELINE_BANDS.map((band, i) => (
        <div key={i} className="flex flex-col">
          <div className="flex h-[30px] items-end pb-2 sm:h-8">
            <Skeleton className="h-3.5 w-28 rounded-sm" />
          </div>
          <div className="flex h-[92px] gap-1 overflow-hidden sm:h-[124px]">
            {band.map((aspect, j) => (
              <Skeleton key={j} className="h-full min-w-0 rounded-sm" style={{ flexGrow: aspect, flexBasis: 0 }} />
            ))}
          </div>
        </div>
      ))}
      <span className="sr-only">{label}</span>
    </div>
  );
}
