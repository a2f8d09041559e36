import type { TokenStore } from '@/lib/api/session-auth';

/**
 * The admin area's session: its own pair of tokens, kept in sessionStorage (this tab only, gone when it closes),
 * apart from the app's localStorage pair. Signing in here never signs anyone into the app, a script of the app
 * never finds an admin's tokens, and closing the tab ends the admin's visit.
 */
const KEYS = { access: 'kopilkaAdminAccess', refresh: 'kopilkaAdminRefresh' } as const;

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

export const adminTokens: TokenStore = {
  getAccess: () => storage()?.getItem(KEYS.access) ?? null,
  getRefresh: () => storage()?.getItem(KEYS.refresh) ?? null,
  setTokens: ({ access, refresh }) => {
    const s = storage();
    if (!s) return;
    const had = !!s.getItem(KEYS.access);
    s.setItem(KEYS.access, access);
    if (refresh) s.setItem(KEYS.refresh, refresh);
    if (!had) changed();
  },
  clear: () => {
    const s = storage();
    if (!s) return;
    const had = !!s.getItem(KEYS.access) || !!s.getItem(KEYS.refresh);
    s.removeItem(KEYS.access);
    s.removeItem(KEYS.refresh);
    if (had) changed();
  },
};

/** Whether a session is stored, for useSyncExternalStore: follows sign-in and sign-out (and a refused refresh). */
export const hasAdminSession = () => !!adminTokens.getRefresh() || !!adminTokens.getAccess();
export function watchAdminSession(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}
