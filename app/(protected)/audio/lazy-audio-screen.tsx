'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';
import { prefetchWhenSignedIn } from '@/lib/auth/prefetch';
import { queryClient } from '@/lib/query-client';

/** The audio screen, fetched apart from the page from the moment the page runs (lazyScreen). */
export const LazyAudioScreen = lazyScreen(() => import('@/components/audio/audio-screen').then((m) => m.AudioScreen));

// The list is asked for as soon as the sign-in check ends, while the screen draws.
prefetchWhenSignedIn('/audio', async () => {
  const { audioQueries } = await import('@/lib/api/audio');
  await queryClient.prefetchQuery(audioQueries.list());
});
