'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';

/** The photo screen, fetched with everything it uses when the page first draws it. */
export const LazyPhotosScreen = lazyScreen(() => import('@/components/photos/photos-screen').then((m) => m.PhotosScreen));
