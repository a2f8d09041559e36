import type { ItemOffers } from '@/components/media/item/item-offers';
import { LazyAddToAlbumDialog } from './lazy-add-to-album-dialog';
import { TO_ALBUM } from './to-album';

/**
 * What the albums offer on media items: «В альбом» and its chooser. Given to the media from above — the signed-in
 * pages' layout and the signed-in home — so the media import no albums (the albums show media).
 */
export const ALBUM_OFFERS: ItemOffers = { toAlbum: { label: TO_ALBUM, Dialog: LazyAddToAlbumDialog } };
