'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';

/** The photo screen, fetched apart from the page from the moment the page runs (lazyScreen). */
export const LazyPhotosScreen = lazyScreen(() => import('@/components/photos/photos-screen').then((m) => m.PhotosScreen));
