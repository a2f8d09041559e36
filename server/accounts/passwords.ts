import argon2 from 'argon2';

/** OWASP's argon2id profile: 19 MiB, 2 passes, 1 lane. argon2 runs on libuv's pool, off the event loop. */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_TOO_SHORT = 'Пароль должен содержать минимум 8 символов';
export const PASSWORDS_DIFFER = 'Пароли не совпадают';

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Verifies against a hash made once with the same parameters, so a login for an unknown
 * e-mail costs the same time as a wrong password. Always false.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummy ??= argon2.hash('kopilka-dummy-password', ARGON2_OPTIONS);
  await verifyPassword(await dummy, password);
  return false;
}
