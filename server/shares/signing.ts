import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { grantToken, shareGrant } from '../grants/grant.ts';
import { SHARED_FILES, type SharedFile } from '../media/kinds.ts';
import { mediaExpiry, MEDIA_URL_TTL_SECONDS } from '../media/files/signing.ts';

/** A new link's token: 128 random bits, base64url (22 characters). */
export const newShareToken = (random: (bytes: number) => Buffer = randomBytes): string => random(16).toString('base64url');

/** What is stored of a token: its SHA-256 (hex). A 128-bit random token needs no slow hash. */
export const shareTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

const mac = (secret: string, mediaId: number, file: SharedFile, exp: number, g: string) =>
  createHmac('sha256', `media-shared:${secret}`)
    .update(JSON.stringify([mediaId, file, exp, g]))
    .digest('base64url');

/**
 * A share's media URL: `/media/shared/<item id>/<file>?exp=…&g=h.<share id>&sig=…`. Unlike an owner's
 * `/media/u/<user id>/…` URL it names no storage key, so nothing in it tells who the owner is. It carries
 * its grant (`g`, the share link) inside the signed part, as every granted link does, under a key of its
 * own (no other URL's signature fits); the grant — the link alive, the item in its target and outside the
 * trash — is checked on every request, so the URL stops the moment any of that ends.
 */
export function signSharedMediaPath(secret: string, shareId: number, mediaId: number, file: SharedFile, now: Date): string {
  const exp = mediaExpiry(now, MEDIA_URL_TTL_SECONDS);
  const g = grantToken(shareGrant(shareId));
  return `/media/shared/${mediaId}/${file}?exp=${exp}&g=${g}&sig=${mac(secret, mediaId, file, exp, g)}`;
}

/** True when sig signs this file of this item with the grant `g`, and exp is in the future. */
export function verifySharedMediaSignature(
  secret: string,
  mediaId: number,
  file: SharedFile,
  { exp, g, sig }: { exp?: string; g?: string; sig?: string },
  now: Date,
): boolean {
  if (!exp || !g || !sig || !/^\d{1,12}$/.test(exp) || !SHARED_FILES.includes(file)) return false;
  const expNum = Number(exp);
  if (expNum * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(mac(secret, mediaId, file, expNum, g));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
