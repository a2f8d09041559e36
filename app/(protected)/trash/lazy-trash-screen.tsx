'use client';

import { lazyScreen } from '@/components/ui/lazy-screen';

/** The trash screen, fetched with everything it uses when the page first draws it. */
export const LazyTrashScreen = lazyScreen(() => import('@/components/trash/trash-screen').then((m) => m.TrashScreen));
