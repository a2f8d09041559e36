import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SHARED_FILES, type SharedFile } from '../media/kinds.ts';
import { mediaExpiry, MEDIA_URL_TTL_SECONDS } from '../media/files/signing.ts';

/** A new link's token: 128 random bits, base64url (22 characters). */
export const newShareToken = (random: (bytes: number) => Buffer = randomBytes): string => random(16).toString('base64url');

/** What is stored of a token: its SHA-256 (hex). A 128-bit random token needs no slow hash. */
export const shareTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

const mac = (secret: string, ref: string, file: SharedFile, exp: number) =>
  createHmac('sha256', `media-shared:${secret}`)
    .update(JSON.stringify([ref, file, exp]))
    .digest('base64url');

/**
 * A share's media URL: `/media/shared/<item ref>/<file>?exp=…&sig=…`. Unlike an owner's `/media/u/<user
 * id>/…` URL it names no storage key, so nothing in it tells who the owner is; nor any sequential id: the
 * item's ref (refs.ts) stands for the link and the item, sealed, and is what grants the file. It is signed
 * under a key of its own (no other URL's signature fits), and the grant — the link alive, the item in its
 * target and outside the trash — is checked on every request, so the URL stops the moment any of that ends.
 */
export function signSharedMediaPath(secret: string, ref: string, file: SharedFile, now: Date): string {
  const exp = mediaExpiry(now, MEDIA_URL_TTL_SECONDS);
  return `/media/shared/${ref}/${file}?exp=${exp}&sig=${mac(secret, ref, file, exp)}`;
}

/** True when sig signs this file of this item ref, and exp is in the future. */
export function verifySharedMediaSignature(
  secret: string,
  ref: string,
  file: SharedFile,
  { exp, sig }: { exp?: string; sig?: string },
  now: Date,
): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !SHARED_FILES.includes(file)) return false;
  const expNum = Number(exp);
  if (expNum * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(mac(secret, ref, file, expNum));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const zipMac = (secret: string, ref: string, exp: number) =>
  createHmac('sha256', `media-shared-zip:${secret}`)
    .update(JSON.stringify([ref, exp]))
    .digest('base64url');

/**
 * An album link's «Скачать всё»: `/media/shared-album/<album ref>/?exp=…&sig=…`, one ZIP of the served copy of
 * every item (never an original), made as it is downloaded. Like the items' URLs it names no owner and no
 * sequential id, is signed under a key of its own, and the link is checked again when it is used and before
 * each file of the archive.
 */
export function signSharedZipPath(secret: string, ref: string, now: Date): string {
  const exp = mediaExpiry(now, MEDIA_URL_TTL_SECONDS);
  return `/media/shared-album/${ref}/?exp=${exp}&sig=${zipMac(secret, ref, exp)}`;
}

/** True when sig signs this album ref's ZIP, and exp is in the future. */
export function verifySharedZipSignature(secret: string, ref: string, { exp, sig }: { exp?: string; sig?: string }, now: Date): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
  const expNum = Number(exp);
  if (expNum * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(zipMac(secret, ref, expNum));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
