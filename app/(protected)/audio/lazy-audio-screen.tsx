'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';
import { prefetchListWhenSignedIn } from '@/lib/auth/prefetch';

/** The audio screen, fetched apart from the page from the moment the page runs (lazyScreen). */
export const LazyAudioScreen = lazyScreen(() => import('@/components/audio/audio-screen').then((m) => m.AudioScreen));

// The list is asked for as soon as the sign-in check allows, while the screen draws.
prefetchListWhenSignedIn('/audio', async () => (await import('@/lib/api/audio')).audioQueries.list());
