'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import type { ItemRef } from '@/lib/api/albums';
import { TO_ALBUM } from './album-words';

// The dialog (its list and form) is fetched when it first opens, so the lists and viewers show without it.
export const LazyAddToAlbumDialog = lazyDialog(() => import('./add-to-album-dialog').then((m) => m.AddToAlbumDialog));

/** «В альбом» among a viewer's actions: opens the album chooser for the item. */
export function AddToAlbumButton({ item, name }: { item: ItemRef; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {TO_ALBUM}
      </Button>
      {open ? <LazyAddToAlbumDialog item={item} name={name} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
