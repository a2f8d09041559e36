'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';

/** The trash screen, fetched apart from the page from the moment the page runs (lazyScreen). */
export const LazyTrashScreen = lazyScreen(() => import('@/components/trash/trash-screen').then((m) => m.TrashScreen));
