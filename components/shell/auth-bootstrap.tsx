'use client';

import { useEffect } from 'react';
import { authStatusAtom } from '@/lib/auth/atoms';
import { clearSession, sessionTokenStore, setTokens, setUser } from '@/lib/auth/session';
import { runStartup } from '@/lib/auth/startup';
import { appStore } from '@/lib/store';

let started: Promise<void> | null = null;

/**
 * Runs the start-up sequence exactly once per page load (also under StrictMode): a stored token
 * becomes the bearer and the profile is fetched, with one refresh and retry before the tokens are cleared.
 */
export function startAuth(): Promise<void> {
  if (!started) {
    started = (async () => {
      const access = sessionTokenStore.getAccess();
      if (access) setTokens({ access, refresh: sessionTokenStore.getRefresh() });
      const status = await runStartup({
        getAccess: sessionTokenStore.getAccess,
        // The API client comes with these, only for a visitor with a stored session.
        fetchProfile: async () => (await import('./signed-in')).fetchStartupProfile(),
        refresh: async () => (await import('./signed-in')).refreshStartupToken(),
        setUser,
        clear: clearSession,
      });
      appStore.set(authStatusAtom, status);
    })();
  }
  return started;
}

export function AuthBootstrap() {
  useEffect(() => {
    void startAuth();
  }, []);
  return null;
}
