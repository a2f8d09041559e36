import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import type { CodePurpose } from '../db/tables/accounts.ts';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Six digits from a secure random source (leading zeros kept). */
export function generateCode(random: (max: number) => number = randomInt): string {
  return String(random(1_000_000)).padStart(6, '0');
}

/**
 * Codes are stored as HMAC(secret, purpose:code). The target is deliberately left out so that
 * `{code}` alone can be looked up (codes are kept unique among live codes of a purpose);
 * the secret keeps a stolen table from being reversed by trying all 10^6 codes.
 */
export function hashCode(secret: string, purpose: CodePurpose, code: string): string {
  return createHmac('sha256', `code:${secret}`).update(`${purpose}:${code}`).digest('hex');
}

export const isSixDigits = (code: string) => /^\d{6}$/.test(code);

/** Reset-link token: 32 random bytes, base64url (URL-safe without escaping). */
export function generateResetToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Reset tokens are long random values, so a plain SHA-256 is enough to store them. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
