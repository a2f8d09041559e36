'use client';

import { deferredComponent } from '@/components/ui/lazy-screen';
import { KindScreenSkeleton } from '@/components/ui/screen-skeleton';
import type { MediaKind } from '@/contract/media';

/**
 * A kind's screen (the one shell every kind shares), fetched apart from the page from the moment the page runs
 * (lazyScreen's way), with the kind's skeleton in its place until it is here (the same the sign-in check shows).
 */
export const LazyMediaScreen = deferredComponent<{ kind: MediaKind }>(
  () => import('./media-screen').then((m) => m.MediaScreen),
  ({ kind }) => <KindScreenSkeleton kind={kind} />,
  { early: true },
);
