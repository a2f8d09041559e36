import type { MediaKind } from '@/contract/media';
import { KIND_NAMES } from '@/lib/media/kind-names';
import { Skeleton, SkeletonRows, SkeletonTiles } from './skeleton';

export interface MediaScreenSkeletonProps {
  /** The screen's heading, known before anything is loaded: «Мои фотографии». */
  heading: string;
  /** The list's shape: the photo timeline's rows of pictures, tiles (videos) or a list of rows (recordings). */
  list: 'timeline' | 'tiles' | 'rows';
  /** What a screen reader hears while it loads: «Загрузка фотографий». */
  label: string;
}

/**
 * A media screen before it can draw itself (the sign-in check, the screen's code, its first months on their way):
 * its heading, grey blocks where its upload button, search and sort stand, and grey rows in its list's shape, so
 * the cold load paints the page's layout at once rather than a lone spinner, and the screen replaces it in place.
 */
export function MediaScreenSkeleton({ heading, list, label }: MediaScreenSkeletonProps) {
  return (
    <div className="flex flex-col gap-5" data-testid="screen-skeleton">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-fg">{heading}</h1>
        <Skeleton className="h-10 w-52 rounded-lg pointer-coarse:h-11" />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-hidden="true">
        <div className="flex flex-1 flex-col gap-1">
          <Skeleton className="h-4 w-12 rounded-sm" />
          <Skeleton className="h-10 w-full rounded-lg" />
        </div>
        <div className="flex flex-col gap-1 sm:w-60">
          <Skeleton className="h-4 w-24 rounded-sm" />
          <Skeleton className="h-10 w-full rounded-lg" />
        </div>
        <Skeleton className="h-10 w-44 rounded-lg pointer-coarse:h-12" />
      </div>
      <Skeleton className="h-4 w-28 rounded-sm" />
      {list === 'timeline' ? (
        <SkeletonTimeline label={label} />
      ) : list === 'tiles' ? (
        <SkeletonTiles label={label} className="grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4" />
      ) : (
        <SkeletonRows label={label} />
      )}
    </div>
  );
}

/** A kind's screen's skeleton: its heading and its list's shape (lib/media/kind-paths.ts), from what every page carries. */
export function KindScreenSkeleton({ kind }: { kind: MediaKind }) {
  const { heading, layout, timeline } = KIND_NAMES[kind];
  return <MediaScreenSkeleton heading={heading} list={timeline ? 'timeline' : layout} label="Загрузка…" />;
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
