'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';
import { prefetchListWhenSignedIn } from '@/lib/auth/prefetch';

/** The photo screen, fetched apart from the page from the moment the page runs (lazyScreen). */
export const LazyPhotosScreen = lazyScreen(() => import('@/components/photos/photos-screen').then((m) => m.PhotosScreen));

// The list is asked for as soon as the sign-in check allows, while the screen draws.
prefetchListWhenSignedIn('/photos', async () => (await import('@/lib/api/photos')).photoQueries.list());
