'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';
import { prefetchWhenSignedIn } from '@/lib/auth/prefetch';
import { queryClient } from '@/lib/query-client';

/** The video screen, fetched apart from the page from the moment the page runs (lazyScreen). */
export const LazyVideoScreen = lazyScreen(() => import('@/components/video/video-screen').then((m) => m.VideoScreen));

// The list is asked for as soon as the sign-in check ends, while the screen draws.
prefetchWhenSignedIn('/video', async () => {
  const { videoQueries } = await import('@/lib/api/video');
  await queryClient.prefetchQuery(videoQueries.list());
});
