'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';
import { prefetchWhenSignedIn } from '@/lib/auth/prefetch';
import { queryClient } from '@/lib/query-client';

/** The photo screen, fetched apart from the page from the moment the page runs (lazyScreen). */
export const LazyPhotosScreen = lazyScreen(() => import('@/components/photos/photos-screen').then((m) => m.PhotosScreen));

// The list is asked for as soon as the sign-in check ends, while the screen draws.
prefetchWhenSignedIn('/photos', async () => {
  const { photoQueries } = await import('@/lib/api/photos');
  await queryClient.prefetchQuery(photoQueries.list());
});
