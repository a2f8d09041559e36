'use client';

import { createContext, useContext, type ComponentType } from 'react';
import type { ItemRef } from '@/contract/albums';

/** «В альбом»: its label, and the dialog that adds an item (or a selection's items) to an album. */
export interface AlbumOffer {
  label: string;
  /** Rendered while open (fetched when it first opens); `name`: the item's title, or the selection's count. */
  Dialog: ComponentType<{ item?: ItemRef; items?: readonly ItemRef[]; name: string; onClose: () => void }>;
}

/**
 * What other features let a person do with media items, handed to the media's items, viewer and selection bar
 * from above (albums/album-offer.ts, given by the signed-in layout and home), so the media import no feature
 * that shows media itself: albums draw media items, and media offer «В альбом» without importing albums.
 * Without a provider (a unit test), nothing is offered.
 */
export interface ItemOffers {
  toAlbum?: AlbumOffer;
}

const ItemOffersContext = createContext<ItemOffers>({});

export const ItemOffersProvider = ItemOffersContext.Provider;

export const useItemOffers = (): ItemOffers => useContext(ItemOffersContext);
