'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';

/** The «Это был не я» screen, fetched apart from the page (lazyScreen). */
export const LazyNotMe = lazyScreen(() => import('@/components/auth/not-me').then((m) => m.NotMe));
