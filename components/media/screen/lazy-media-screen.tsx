'use client';

import { deferredComponent } from '@/components/ui/lazy-screen';
import { ScreenSkeleton } from '@/components/ui/skeleton';
import type { MediaKind } from '@/contract/media';
import { KIND_NAMES } from '@/lib/media/kind-names';

/**
 * A kind's screen (the one shell every kind shares), fetched apart from the page from the moment the page runs; until
 * it is here, the kind's skeleton, the same the page's first paint drew (shell/page-skeleton.tsx), so nothing moves.
 */
export const LazyMediaScreen = deferredComponent<{ kind: MediaKind }>(
  () => import('./media-screen').then((m) => m.MediaScreen),
  ({ kind }) => {
    const { heading, skeleton } = KIND_NAMES[kind];
    return <ScreenSkeleton heading={heading} layout={skeleton.layout} record={skeleton.record} />;
  },
  { early: true },
);
