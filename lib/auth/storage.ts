/**
 * The localStorage keys (token, refreshToken, userEmail, userPhone, pendingVerificationEmail) and
 * safe accessors (no storage during the static build).
 */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  userEmail: 'userEmail',
  userPhone: 'userPhone',
  pendingVerificationEmail: 'pendingVerificationEmail',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function readKey(key: StorageKey): string | null {
  return storage()?.getItem(key) ?? null;
}

export function writeKey(key: StorageKey, value: string | null | undefined): void {
  const s = storage();
  if (!s) return;
  if (value === null || value === undefined || value === '') s.removeItem(key);
  else s.setItem(key, value);
}

export const getPendingEmail = () => readKey(STORAGE_KEYS.pendingVerificationEmail);
export const setPendingEmail = (email: string | null) => writeKey(STORAGE_KEYS.pendingVerificationEmail, email);
