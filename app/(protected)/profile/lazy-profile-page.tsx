'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';

/** The profile screen, fetched with everything it uses when the page first draws it. */
export const LazyProfilePage = lazyScreen(() => import('@/components/profile/profile-page').then((m) => m.ProfilePage));
