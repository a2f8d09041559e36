'use client';

import { KindScreenSkeleton } from '@/components/ui/screen-skeleton';
import { deferredComponent } from '@/components/ui/lazy-screen';
import type { MediaKind } from '@/contract/media';

/**
 * A kind's screen (the one shell every kind shares), fetched apart from the page from the moment the page runs; until
 * it is here, the kind's skeleton, the same the page's first paint drew (shell/page-skeleton.tsx), so nothing moves.
 */
export const LazyMediaScreen = deferredComponent<{ kind: MediaKind }>(
  () => import('./media-screen').then((m) => m.MediaScreen),
  ({ kind }) => <KindScreenSkeleton kind={kind} />,
  { early: true },
);
