import { createHmac, timingSafeEqual } from 'node:crypto';

/** Default life of a signed media URL. */
export const MEDIA_URL_TTL_SECONDS = 6 * 60 * 60;

const mac = (secret: string, key: string, exp: number) =>
  createHmac('sha256', `media:${secret}`).update(`${key}\n${exp}`).digest('base64url');

/**
 * `/media/<key>?exp=<unix seconds>&sig=<hmac>`: the only way to reach stored bytes.
 * Keys are storage keys (`u/42/audio/…`); segments are URL-encoded.
 */
export function signMediaPath(secret: string, key: string, now: Date, ttlSeconds = MEDIA_URL_TTL_SECONDS): string {
  // Round expiry to the TTL/4 boundary so repeated list calls return the same URL (browser cache hits).
  const step = Math.max(60, Math.floor(ttlSeconds / 4));
  const exp = Math.ceil((Math.floor(now.getTime() / 1000) + ttlSeconds) / step) * step;
  const path = key.split('/').map(encodeURIComponent).join('/');
  return `/media/${path}?exp=${exp}&sig=${mac(secret, key, exp)}`;
}

/** True when sig is the signature of key and exp is in the future. */
export function verifyMediaSignature(secret: string, key: string, exp: string | undefined, sig: string | undefined, now: Date): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
  const expNum = Number(exp);
  if (expNum * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(mac(secret, key, expNum));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
