'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';

/** The audio screen, fetched apart from the page from the moment the page runs (lazyScreen). */
export const LazyAudioScreen = lazyScreen(() => import('@/components/audio/audio-screen').then((m) => m.AudioScreen));
