import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock.ts';

export const ACCESS_TTL_SECONDS = 15 * 60;

const keyOf = (secret: string) => new TextEncoder().encode(`access:${secret}`);

/** A SimpleJWT-like access token: HS256, {token_type: 'access', user_id, jti, exp}. */
export async function signAccessToken(secret: string, userId: number, clock: Clock): Promise<string> {
  const now = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT({ token_type: 'access', user_id: userId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setJti(randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TTL_SECONDS)
    .sign(keyOf(secret));
}

/**
 * The user id and issue time (unix seconds, for session cut-offs) of a valid access token;
 * null for a missing, forged, expired or wrong-type token.
 */
export async function verifyAccessTokenClaims(
  secret: string,
  token: string,
  clock: Clock,
): Promise<{ userId: number; issuedAt: number } | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      currentDate: clock.now(),
    });
    if (payload.token_type !== 'access' || typeof payload.user_id !== 'number') return null;
    return { userId: payload.user_id, issuedAt: typeof payload.iat === 'number' ? payload.iat : 0 };
  } catch {
    return null;
  }
}
