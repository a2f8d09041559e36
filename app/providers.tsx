'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { TO_ALBUM } from '@/components/albums/album-words';
import { LazyAddToAlbumDialog } from '@/components/albums/lazy-add-to-album-dialog';
import { ItemOffersProvider, type ItemOffers } from '@/components/media/item/item-offers';
import { queryClient } from '@/lib/query-client';
import { appStore } from '@/lib/store';

/** What the albums offer on the media's items (the media import no albums: albums show media). */
const ITEM_OFFERS: ItemOffers = { toAlbum: { label: TO_ALBUM, Dialog: LazyAddToAlbumDialog } };

export function Providers({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider store={appStore}>
      <QueryClientProvider client={queryClient}>
        <ItemOffersProvider value={ITEM_OFFERS}>{children}</ItemOffersProvider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
