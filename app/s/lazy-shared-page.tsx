'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';

/** The public page of a share link, fetched apart from the page (lazyScreen). */
export const LazySharedPage = lazyScreen(() => import('@/components/shares/shared-page').then((m) => m.SharedPage));
