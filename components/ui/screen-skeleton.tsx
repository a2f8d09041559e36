import type { MediaKind } from '@/contract/media';
import { KIND_NAMES } from '@/lib/media/kind-names';
import { ScreenSkeleton } from './skeleton';

/**
 * A kind's screen's skeleton: its heading, its tools' places and grey rows in its list's shape (the photo timeline's
 * justified rows, tiles, a recorder's rows), from what every page carries (lib/media/kind-paths.ts). The page's first
 * paint draws it (shell/page-skeleton.tsx) and it stays while the screen's code comes (lazy-media-screen.tsx).
 */
export function KindScreenSkeleton({ kind }: { kind: MediaKind }) {
  const { heading, skeleton, timeline } = KIND_NAMES[kind];
  return <ScreenSkeleton heading={heading} layout={timeline ? 'timeline' : skeleton.layout} record={skeleton.record} />;
}
