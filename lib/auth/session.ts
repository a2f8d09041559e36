import { appStore } from '@/lib/store';
import type { TokenStore } from '@/lib/api/session-auth';
import { accessTokenAtom, authStatusAtom, refreshTokenAtom, userAtom } from './atoms';
import { readKey, STORAGE_KEYS, writeKey } from './storage';
import type { User } from './types';

/**
 * Session writes go to localStorage (the spec's keys, shared by tabs and read by the ky client)
 * and to the jotai atoms (what React renders) together.
 */
export function setTokens({ access, refresh }: { access: string; refresh?: string | null }): void {
  writeKey(STORAGE_KEYS.token, access);
  if (refresh !== undefined) writeKey(STORAGE_KEYS.refreshToken, refresh);
  appStore.set(accessTokenAtom, access);
  if (refresh !== undefined) appStore.set(refreshTokenAtom, refresh);
}

export function setUser(user: User | null): void {
  appStore.set(userAtom, user);
  if (user) {
    writeKey(STORAGE_KEYS.userEmail, user.email);
    writeKey(STORAGE_KEYS.userPhone, user.phone);
  }
}

export function saveSession({ access, refresh, user }: { access: string; refresh: string; user: User }): void {
  setTokens({ access, refresh });
  setUser(user);
  appStore.set(authStatusAtom, 'authenticated');
}

/** Clearing removes the tokens, the user and (because the bearer is read per request) the header. */
export function clearSession(): void {
  writeKey(STORAGE_KEYS.token, null);
  writeKey(STORAGE_KEYS.refreshToken, null);
  writeKey(STORAGE_KEYS.userEmail, null);
  writeKey(STORAGE_KEYS.userPhone, null);
  appStore.set(accessTokenAtom, null);
  appStore.set(refreshTokenAtom, null);
  appStore.set(userAtom, null);
  appStore.set(authStatusAtom, 'guest');
  // The lists kept on the device for an offline start go with the session (a chunk of their own).
  if (typeof indexedDB !== 'undefined') void import('@/lib/query-persist').then((m) => m.forgetListsOnDevice());
}

export const sessionTokenStore: TokenStore = {
  getAccess: () => readKey(STORAGE_KEYS.token),
  getRefresh: () => readKey(STORAGE_KEYS.refreshToken),
  setTokens,
  clear: clearSession,
};
