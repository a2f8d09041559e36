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
  const exp = mediaExpiry(now, ttlSeconds);
  return pathFor(secret, key, exp);
}

/**
 * Expiry rounded down to a TTL/4 boundary, so repeated list calls return the same URL (browser cache
 * hits) while no URL outlives the TTL: it lives between ¾ TTL and the full TTL.
 */
export function mediaExpiry(now: Date, ttlSeconds = MEDIA_URL_TTL_SECONDS): number {
  const step = Math.max(60, Math.floor(ttlSeconds / 4));
  return Math.floor((Math.floor(now.getTime() / 1000) + ttlSeconds) / step) * step;
}

const pathFor = (secret: string, key: string, exp: number) =>
  `/media/${key.split('/').map(encodeURIComponent).join('/')}?exp=${exp}&sig=${mac(secret, key, exp)}`;

/**
 * signMediaPath with a bounded memo: the URL of a key only changes when its rounded expiry does,
 * so a list of thousands of records costs no HMACs on repeat calls. Same output as signMediaPath.
 */
export class MediaPathSigner {
  private readonly memo = new Map<string, { exp: number; path: string }>();

  constructor(
    private readonly secret: string,
    private readonly ttlSeconds = MEDIA_URL_TTL_SECONDS,
    private readonly maxEntries = 50_000,
  ) {}

  sign(key: string, now: Date): string {
    const exp = mediaExpiry(now, this.ttlSeconds);
    const hit = this.memo.get(key);
    if (hit && hit.exp === exp) return hit.path;
    const path = pathFor(this.secret, key, exp);
    if (hit) this.memo.delete(key);
    else if (this.memo.size >= this.maxEntries) this.memo.delete(this.memo.keys().next().value!);
    this.memo.set(key, { exp, path });
    return path;
  }
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
