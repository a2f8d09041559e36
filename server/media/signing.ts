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

  /** The expiry every URL signed at `now` carries: lists signed in the same window are the same bytes. */
  expiry(now: Date): number {
    return mediaExpiry(now, this.ttlSeconds);
  }

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

  /** A download link of the key under `filename` (signDownloadPath; not memoised, it is asked for one click at a time). */
  download(key: string, filename: string, now: Date): string {
    return signDownloadPath(this.secret, key, filename, now, this.ttlSeconds);
  }
}

/**
 * A download link: `/media/<key>?exp=…&dl=<file name>&sig=…`. The name is signed with the key (under a
 * key of its own, so no plain URL's signature fits a download link or the other way round), and the
 * answer carries it as `Content-Disposition: attachment`: the browser saves the bytes straight to disk
 * under that name.
 */
export function signDownloadPath(secret: string, key: string, filename: string, now: Date, ttlSeconds = MEDIA_URL_TTL_SECONDS): string {
  const exp = mediaExpiry(now, ttlSeconds);
  const path = key.split('/').map(encodeURIComponent).join('/');
  return `/media/${path}?exp=${exp}&dl=${encodeURIComponent(filename)}&sig=${downloadMac(secret, key, exp, filename)}`;
}

const downloadMac = (secret: string, key: string, exp: number, filename: string) =>
  createHmac('sha256', `media-download:${secret}`).update(`${key}\n${exp}\n${filename}`).digest('base64url');

/**
 * The signed link of one user's export (a ZIP made as it is downloaded):
 * `/api/media/export/<user id>/?exp=…&sig=…`.
 */
export function signExportPath(secret: string, userId: number, now: Date, ttlSeconds = MEDIA_URL_TTL_SECONDS): string {
  const exp = mediaExpiry(now, ttlSeconds);
  return `/api/media/export/${userId}/?exp=${exp}&sig=${exportMac(secret, userId, exp)}`;
}

const exportMac = (secret: string, userId: number, exp: number) =>
  createHmac('sha256', `media-export:${secret}`).update(`${userId}\n${exp}`).digest('base64url');

/**
 * True when sig is the signature of key (and of the download name `dl`, when there is one) and exp
 * is in the future.
 */
export function verifyMediaSignature(
  secret: string,
  key: string,
  exp: string | undefined,
  sig: string | undefined,
  now: Date,
  dl?: string,
): boolean {
  return verifyExpiring(exp, sig, now, (expNum) => (dl === undefined ? mac(secret, key, expNum) : downloadMac(secret, key, expNum, dl)));
}

/** True when sig is the signature of the user's export link and exp is in the future. */
export function verifyExportSignature(
  secret: string,
  userId: number,
  exp: string | undefined,
  sig: string | undefined,
  now: Date,
): boolean {
  return verifyExpiring(exp, sig, now, (expNum) => exportMac(secret, userId, expNum));
}

function verifyExpiring(exp: string | undefined, sig: string | undefined, now: Date, expectedFor: (exp: number) => string): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
  const expNum = Number(exp);
  if (expNum * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(expectedFor(expNum));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
