import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock.ts';

export const ACCESS_TTL_SECONDS = 15 * 60;

const keyBytes = (secret: string) => new TextEncoder().encode(`access:${secret}`);

/**
 * The verifying key, imported into WebCrypto once per secret: given raw bytes, jose imports them on
 * every verification, a good part of each authenticated request.
 */
const verifyKeys = new Map<string, Promise<CryptoKey>>();
const verifyKeyOf = (secret: string): Promise<CryptoKey> => {
  let key = verifyKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', keyBytes(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    verifyKeys.set(secret, key);
  }
  return key;
};

export interface AccessClaims {
  userId: number;
  /** The session (refresh family) the token belongs to: it dies with it. */
  sessionId: string;
}

/** A SimpleJWT-like access token: HS256, {token_type: 'access', user_id, sid, jti, iat, exp}. */
export async function signAccessToken(secret: string, claims: AccessClaims, clock: Clock): Promise<string> {
  const now = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT({ token_type: 'access', user_id: claims.userId, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setJti(randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TTL_SECONDS)
    .sign(keyBytes(secret));
}

/** How many verified tokens each process remembers (the most recently verified; ~300 bytes each). */
const VERIFIED_MAX = 10_000;

/**
 * Tokens whose signature and claims jose has checked, per secret, with their expiry. A token's
 * signature never changes its verdict, so it is checked once; its expiry is compared with the clock
 * on every use. Whether its session is still live is not kept here: the guard reads that from the
 * database on every request, so an ended session is refused at once.
 */
const verified = new Map<string, Map<string, AccessClaims & { exp: number }>>();

/**
 * What verifyAccessTokenClaims answers for a token it has verified before, at once (no promise: the guard's path of
 * every request with a token already seen); undefined for a token not verified yet.
 */
export function verifiedAccessClaims(secret: string, token: string, clock: Clock): AccessClaims | null | undefined {
  const hit = verified.get(secret)?.get(token);
  if (!hit) return undefined;
  // As jose does: expired once exp is not after now, in whole seconds.
  return hit.exp > Math.floor(clock.now().getTime() / 1000) ? { userId: hit.userId, sessionId: hit.sessionId } : null;
}

/**
 * The user and session of a valid access token; null for a missing, forged, expired or wrong-type
 * token, and for one that lacks exp, iat or its session (nothing of ours is signed without them).
 */
export async function verifyAccessTokenClaims(secret: string, token: string, clock: Clock): Promise<AccessClaims | null> {
  const hit = verifiedAccessClaims(secret, token, clock);
  if (hit !== undefined) return hit;
  let known = verified.get(secret);
  if (!known) verified.set(secret, (known = new Map<string, AccessClaims & { exp: number }>()));
  try {
    const { payload } = await jwtVerify(token, await verifyKeyOf(secret), {
      algorithms: ['HS256'],
      currentDate: clock.now(),
      requiredClaims: ['exp', 'iat'],
    });
    if (payload.token_type !== 'access' || !Number.isSafeInteger(payload.user_id)) return null;
    if (typeof payload.sid !== 'string' || !payload.sid) return null;
    const claims = { userId: payload.user_id as number, sessionId: payload.sid };
    if (known.size >= VERIFIED_MAX) known.delete(known.keys().next().value!);
    known.set(token, { ...claims, exp: payload.exp! });
    return claims;
  } catch {
    return null;
  }
}
