'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';

/** The audio screen, fetched with everything it uses when the page first draws it. */
export const LazyAudioScreen = lazyScreen(() => import('@/components/audio/audio-screen').then((m) => m.AudioScreen));
