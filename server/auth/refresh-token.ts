import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock.ts';

export const REFRESH_TTL_SECONDS = 14 * 24 * 60 * 60;

const keyOf = (secret: string) => new TextEncoder().encode(`refresh:${secret}`);

export interface RefreshClaims {
  userId: number;
  jti: string;
  /** unix seconds */
  iat: number;
  exp: number;
}

/**
 * A SimpleJWT-like refresh token: HS256, {token_type: 'refresh', user_id, jti, iat, exp}.
 * Signing is deterministic (same claims → same string), so the server can hand out the current
 * child of a just-rotated token again from what refresh_tokens stores (jti, created_at, expires_at).
 */
export function signRefreshToken(secret: string, c: RefreshClaims): Promise<string> {
  return new SignJWT({ token_type: 'refresh', user_id: c.userId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(c.userId))
    .setJti(c.jti)
    .setIssuedAt(c.iat)
    .setExpirationTime(c.exp)
    .sign(keyOf(secret));
}

/** Claims of a well-signed refresh token; null when forged, of another type or malformed. Expiry checked unless told not to. */
export async function verifyRefreshToken(
  secret: string,
  token: string,
  clock: Clock,
  opts: { ignoreExpiry?: boolean } = {},
): Promise<RefreshClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      currentDate: opts.ignoreExpiry ? new Date(0) : clock.now(),
    });
    if (
      payload.token_type !== 'refresh' ||
      typeof payload.user_id !== 'number' ||
      typeof payload.jti !== 'string' ||
      typeof payload.iat !== 'number' ||
      typeof payload.exp !== 'number'
    ) {
      return null;
    }
    return { userId: payload.user_id, jti: payload.jti, iat: payload.iat, exp: payload.exp };
  } catch {
    return null;
  }
}
