'use client';

import type { ReactNode } from 'react';
import { ALBUM_OFFERS } from '@/components/albums/album-offer';
import { ItemOffersProvider } from '@/components/media/item/item-offers';
import { RouteGuard } from '@/components/shell/route-guard';

/** Login required: a guest is sent to /login. The media's items offer what the albums give them (album-offer.ts). */
export default function ProtectedLayout({ children }: { children: ReactNode }) {
  return (
    <RouteGuard mode="protected">
      <ItemOffersProvider value={ALBUM_OFFERS}>{children}</ItemOffersProvider>
    </RouteGuard>
  );
}
