'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';
import { prefetchListWhenSignedIn } from '@/lib/auth/prefetch';

/** The video screen, fetched apart from the page from the moment the page runs (lazyScreen). */
export const LazyVideoScreen = lazyScreen(() => import('@/components/video/video-screen').then((m) => m.VideoScreen));

// The list is asked for as soon as the sign-in check allows, while the screen draws.
prefetchListWhenSignedIn('/video', async () => (await import('@/lib/api/video')).videoQueries.list());
