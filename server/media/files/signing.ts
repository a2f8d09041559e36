import { createHmac, timingSafeEqual } from 'node:crypto';
import { grantToken, type Grant } from '../../grants/grant.ts';
import { SESSION_LINK_TTL_SECONDS } from '../../grants/grants.ts';

/**
 * Default life of a signed media URL of a record (what lists and players use). Links asked for one
 * session (downloads, the export) carry a grant and live SESSION_LINK_TTL_SECONDS at most.
 */
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

  /** A trashed item's small picture for its owner's trash (signTrashPreviewPath). */
  trashPreview(key: string, now: Date): string {
    return signTrashPreviewPath(this.secret, key, now, this.ttlSeconds);
  }

  /**
   * The URL of a key shown to another account through a shared album or a partnership: signMediaPath's,
   * carrying `grant` inside the signed part (the file is served only while the grant is alive). Memoised with
   * the plain ones, by grant and key.
   */
  signGranted(key: string, now: Date, grant: Grant): string {
    const exp = mediaExpiry(now, this.ttlSeconds);
    const g = grantToken(grant);
    const memoKey = `${g}\n${key}`;
    const hit = this.memo.get(memoKey);
    if (hit && hit.exp === exp) return hit.path;
    const path = `/media/${key.split('/').map(encodeURIComponent).join('/')}?exp=${exp}&g=${encodeURIComponent(g)}&sig=${grantedMac(this.secret, key, exp, null, g)}`;
    if (hit) this.memo.delete(memoKey);
    else if (this.memo.size >= this.maxEntries) this.memo.delete(this.memo.keys().next().value!);
    this.memo.set(memoKey, { exp, path });
    return path;
  }

  /**
   * A download link of the key under `filename`, carrying `grant` (signDownloadPath; not memoised, it is
   * asked for one click at a time).
   */
  download(key: string, filename: string, now: Date, grant: Grant): string {
    return signDownloadPath(this.secret, key, filename, now, grant);
  }
}

/**
 * A download link: `/media/<key>?exp=…&dl=<file name>&g=<grant>&sig=…`. The name and the grant are
 * signed with the key (under a key of their own, so no plain URL's signature fits a download link or
 * the other way round); the answer carries the name as `Content-Disposition: attachment`, so the
 * browser saves the bytes straight to disk under it. It works only while the grant is alive (the
 * session it was asked in), and an hour at most.
 */
export function signDownloadPath(secret: string, key: string, filename: string, now: Date, grant: Grant): string {
  const exp = mediaExpiry(now, SESSION_LINK_TTL_SECONDS);
  const g = grantToken(grant);
  const path = key.split('/').map(encodeURIComponent).join('/');
  return `/media/${path}?exp=${exp}&dl=${encodeURIComponent(filename)}&g=${encodeURIComponent(g)}&sig=${grantedMac(secret, key, exp, filename, g)}`;
}

/** The signature of a link that carries a grant (and a download name, when it has one). */
const grantedMac = (secret: string, key: string, exp: number, dl: string | null, g: string) =>
  createHmac('sha256', `media-granted:${secret}`)
    .update(JSON.stringify([key, exp, dl, g]))
    .digest('base64url');

/**
 * The signed link of one user's export (a ZIP made as it is downloaded), carrying `grant`:
 * `/api/media/export/<user id>/?exp=…&g=…&sig=…`; an hour at most, and only while the grant is alive.
 * A chosen export adds `&items=…` (export-selection.ts), signed with the rest: the link of a selection
 * cannot be widened to everything, nor the other way round.
 */
export function signExportPath(secret: string, userId: number, now: Date, grant: Grant, items?: string): string {
  const exp = mediaExpiry(now, SESSION_LINK_TTL_SECONDS);
  const g = grantToken(grant);
  const chosen = items === undefined ? '' : `&items=${items}`;
  return `/api/media/export/${userId}/?exp=${exp}&g=${encodeURIComponent(g)}${chosen}&sig=${exportMac(secret, userId, exp, g, items)}`;
}

const exportMac = (secret: string, userId: number, exp: number, g: string, items: string | undefined) =>
  createHmac('sha256', `media-export:${secret}`)
    .update(JSON.stringify(items === undefined ? [userId, exp, g] : [userId, exp, g, items]))
    .digest('base64url');

/**
 * A trashed item's thumbnail or poster, for its owner's trash: `/media/<key>?exp=…&t=1&sig=…`, signed under a key
 * of its own (no other URL's signature fits it, nor its signature another URL). It is served only while a row in
 * the trash names the key as its thumbnail or poster (access.ts): never the item's full-size copies or original,
 * and not once the item is restored (its usual URLs serve it again) or removed for good.
 */
export function signTrashPreviewPath(secret: string, key: string, now: Date, ttlSeconds = MEDIA_URL_TTL_SECONDS): string {
  const exp = mediaExpiry(now, ttlSeconds);
  return `/media/${key.split('/').map(encodeURIComponent).join('/')}?exp=${exp}&t=1&sig=${trashMac(secret, key, exp)}`;
}

const trashMac = (secret: string, key: string, exp: number) =>
  createHmac('sha256', `media-trash:${secret}`).update(`${key}\n${exp}`).digest('base64url');

/** What a `/media/…` URL names besides its key: the download name and the grant, when it carries them; `t` a trash preview. */
export interface SignedExtras {
  dl?: string;
  g?: string;
  t?: string;
}

/**
 * True when sig is the signature of key (with the download name and the grant, when the URL carries
 * them) and exp is in the future. Whether the grant is alive is the caller's question (Grants).
 */
export function verifyMediaSignature(
  secret: string,
  key: string,
  exp: string | undefined,
  sig: string | undefined,
  now: Date,
  { dl, g, t }: SignedExtras = {},
): boolean {
  if (dl !== undefined && g === undefined) return false; // every download link carries a grant
  if (t !== undefined)
    return t === '1' && dl === undefined && g === undefined && verifyExpiring(exp, sig, now, (n) => trashMac(secret, key, n));
  return verifyExpiring(exp, sig, now, (expNum) =>
    g === undefined ? mac(secret, key, expNum) : grantedMac(secret, key, expNum, dl ?? null, g),
  );
}

/** True when sig is the signature of the user's export link with its grant (and its items, if any) and exp is in the future. */
export function verifyExportSignature(
  secret: string,
  userId: number,
  exp: string | undefined,
  g: string | undefined,
  sig: string | undefined,
  now: Date,
  items?: string,
): boolean {
  if (g === undefined) return false;
  return verifyExpiring(exp, sig, now, (expNum) => exportMac(secret, userId, expNum, g, items));
}

function verifyExpiring(exp: string | undefined, sig: string | undefined, now: Date, expectedFor: (exp: number) => string): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
  const expNum = Number(exp);
  if (expNum * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(expectedFor(expNum));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
