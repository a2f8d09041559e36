'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';

/** The video screen, fetched with everything it uses when the page first draws it. */
export const LazyVideoScreen = lazyScreen(() => import('@/components/video/video-screen').then((m) => m.VideoScreen));
