import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';

/**
 * Opaque, share-scoped names: what the public answer of a link calls its items (and what its media URLs
 * and its next page name), in place of the database's sequential ids. Each is three whole numbers and a
 * check sealed in one AES block under a key of its own purpose, derived from SECRET_KEY: 22 URL-safe
 * characters that tell nothing (not the item's id, not the link's, not how many there are), are the same
 * every time for the same numbers (an item keeps its name from page to page), and cannot be made or
 * changed without the key (anything else opens to a wrong check: null).
 */
type Purpose = 'item' | 'page' | 'album';

const CHECK = 0x4b504c4b; // "KPLK"

/** Each purpose's key, derived once per secret (an answer seals a page's worth of names). */
const keys = new Map<string, Buffer>();
function keyOf(secret: string, purpose: Purpose): Buffer {
  const name = `${purpose}:${secret}`;
  let key = keys.get(name);
  if (!key) {
    key = createHmac('sha256', `share-ref:${secret}`).update(purpose).digest();
    keys.set(name, key);
  }
  return key;
}

function seal(secret: string, purpose: Purpose, a: number, b: number, c: number): string {
  const block = Buffer.alloc(16);
  block.writeUInt32BE(a >>> 0, 0);
  block.writeUInt32BE(b >>> 0, 4);
  block.writeUInt32BE(c >>> 0, 8);
  block.writeUInt32BE(CHECK, 12);
  const cipher = createCipheriv('aes-256-ecb', keyOf(secret, purpose), null).setAutoPadding(false);
  return Buffer.concat([cipher.update(block), cipher.final()]).toString('base64url');
}

function unseal(secret: string, purpose: Purpose, text: string): [number, number, number] | null {
  if (!/^[A-Za-z0-9_-]{22}$/.test(text)) return null;
  const sealed = Buffer.from(text, 'base64url');
  // One spelling per name: the last character's spare bits must be zero.
  if (sealed.length !== 16 || sealed.toString('base64url') !== text) return null;
  const decipher = createDecipheriv('aes-256-ecb', keyOf(secret, purpose), null).setAutoPadding(false);
  const block = Buffer.concat([decipher.update(sealed), decipher.final()]);
  if (block.readUInt32BE(12) !== CHECK) return null;
  return [block.readUInt32BE(0), block.readUInt32BE(4), block.readUInt32BE(8)];
}

/** The name of an item as a link hands it out (and its media URLs name it). */
export const itemRef = (secret: string, shareId: number, mediaId: number): string => seal(secret, 'item', shareId, mediaId, 0);

/** The link and item an item's name stands for, or null when it names none. */
export function openItemRef(secret: string, ref: string): { shareId: number; mediaId: number } | null {
  const opened = unseal(secret, 'item', ref);
  return opened && opened[0] > 0 && opened[1] > 0 ? { shareId: opened[0], mediaId: opened[1] } : null;
}

/**
 * The next page of a link's album: where it starts (after the album entry `after`), for which link, until
 * when (seconds since the epoch). Whoever holds it was let in (the password checked) when it was made.
 */
export const pageCursor = (secret: string, shareId: number, after: number, expiresAt: number): string =>
  seal(secret, 'page', shareId, after, expiresAt);

export function openPageCursor(secret: string, cursor: string): { shareId: number; after: number; expiresAt: number } | null {
  const opened = unseal(secret, 'page', cursor);
  return opened && opened[0] > 0 ? { shareId: opened[0], after: opened[1], expiresAt: opened[2] } : null;
}

/** The name of an album link's whole (its «Скачать всё» ZIP), as its answer hands it out. */
export const albumRef = (secret: string, shareId: number): string => seal(secret, 'album', shareId, 0, 0);

/** The link an album's name stands for, or null when it names none. */
export function openAlbumRef(secret: string, ref: string): { shareId: number } | null {
  const opened = unseal(secret, 'album', ref);
  return opened && opened[0] > 0 && opened[1] === 0 && opened[2] === 0 ? { shareId: opened[0] } : null;
}
