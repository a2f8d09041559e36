/**
 * «В альбом»: the albums' offer on a media item (album-offer.ts) and their chooser's title. A module of its own:
 * the signed-in pages' first load carries it, without the rest of the albums' words.
 */
export const TO_ALBUM = 'В альбом';
