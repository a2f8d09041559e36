'use client';

import { lazyDialog } from '@/components/ui/lazy-dialog';

// The dialog (its list and form) is fetched when it first opens, so the lists and viewers show without it.
export const LazyAddToAlbumDialog = lazyDialog(() => import('./add-to-album-dialog').then((m) => m.AddToAlbumDialog));
