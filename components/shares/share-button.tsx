'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import type { ShareTargetRequest } from '@/lib/contract/shares';

// The dialog (its form and the request) is fetched when it first opens, so the lists show without it.
export const LazyShareDialog = lazyDialog(() => import('./share-dialog').then((m) => m.ShareDialog));

/** «Поделиться» among an item's (or an album's) actions: opens the share dialog. */
export function ShareButton({ target, name }: { target: ShareTargetRequest; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Поделиться
      </Button>
      {open ? <LazyShareDialog target={target} name={name} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
