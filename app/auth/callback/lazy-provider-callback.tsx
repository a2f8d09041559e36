'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';

/** The provider's return screen, fetched apart from the page (lazyScreen). */
export const LazyProviderCallback = lazyScreen(() => import('@/components/auth/provider-callback').then((m) => m.ProviderCallback));
