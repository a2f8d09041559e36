'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';

/** A kind's screen (the one shell every kind shares), fetched apart from the page from the moment the page runs (lazyScreen). */
export const LazyMediaScreen = lazyScreen(() => import('./media-screen').then((m) => m.MediaScreen));
