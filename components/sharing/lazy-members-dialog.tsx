'use client';

import { lazyDialog } from '@/components/ui/lazy-dialog';

/** «Участники», fetched when it first opens (the album's page shows without it). */
export const LazyMembersDialog = lazyDialog(() => import('./members-dialog').then((m) => m.MembersDialog));
