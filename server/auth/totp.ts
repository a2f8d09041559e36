import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * Sign-in codes from an authenticator app (RFC 6238 TOTP through the otpauth library: SHA-1,
 * 6 digits, 30-second steps — what every authenticator app reads from a QR code), the sealing of
 * their secrets, recovery codes and mfa tokens.
 */

const ISSUER = 'Копилка';
const PERIOD = 30;
/** A code of the step before or after the server's is accepted too (clocks and typing take time). */
const WINDOW = 1;

export const RECOVERY_CODE_COUNT = 10;
/** Letters and digits that cannot be mistaken for one another when copied by hand (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;

const totpOf = (secretBase32: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secretBase32) });

/** A new 160-bit secret (base32, as apps take it) and the otpauth:// URL its QR code carries. */
export function newTotpSecret(accountLabel: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totpOf(secret, accountLabel).toString() };
}

/** The 30-second step the code belongs to when it is right for this secret now (±1 step), else null. */
export function totpStep(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secretBase32);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}

/**
 * TOTP secrets are stored sealed (AES-256-GCM, key derived from SECRET_KEY by HKDF), so a copy of
 * the database alone does not hand out anyone's second factor. Format: v1.iv.tag.ciphertext (base64url).
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secretKey: string) {
    this.key = Buffer.from(hkdfSync('sha256', secretKey, 'kopilka', 'totp-secret-v1', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  /** The secret, or null when the value was not sealed with this key (e.g. SECRET_KEY changed). */
  open(sealed: string): string | null {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

/** Ten recovery codes as shown once to the owner: `xxxxx-xxxxx`. */
export function newRecoveryCodes(random: (max: number) => number = randomInt): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: RECOVERY_LENGTH }, () => RECOVERY_ALPHABET[random(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A typed recovery code in its stored form (case, spaces and dashes ignored), or null when it cannot be one. */
export function normaliseRecoveryCode(input: string): string | null {
  const s = input.toLowerCase().replace(/[\s-]/g, '');
  return s.length === RECOVERY_LENGTH && [...s].every((c) => RECOVERY_ALPHABET.includes(c)) ? s : null;
}

/** Recovery codes are stored as HMAC(secret, user:code): a stolen table cannot be tried offline. */
export function hashRecoveryCode(secretKey: string, userId: number, normalised: string): string {
  return createHmac('sha256', `recovery:${secretKey}`).update(`${userId}:${normalised}`).digest('hex');
}

/** An mfa_token: 32 random bytes; only its SHA-256 is stored. */
export function newMfaToken(): { token: string; id: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, id: hashMfaToken(token) };
}

export const hashMfaToken = (token: string) => createHash('sha256').update(token).digest('hex');
