'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';

/** The albums' screens, fetched apart from the page from the moment the page runs (lazyScreen). */
export const LazyAlbumsScreen = lazyScreen(() => import('@/components/albums/albums-screen').then((m) => m.AlbumsScreen));
