'use client';

import { lazyDialog } from '@/components/ui/lazy-dialog';

// The dialog (its form and the request) is fetched when it first opens, so the lists show without it.
export const LazyShareDialog = lazyDialog(() => import('./share-dialog').then((m) => m.ShareDialog));
