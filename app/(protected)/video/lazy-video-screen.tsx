'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';

/** The video screen, fetched apart from the page from the moment the page runs (lazyScreen). */
export const LazyVideoScreen = lazyScreen(() => import('@/components/video/video-screen').then((m) => m.VideoScreen));
