'use client';

import { startTransition, useEffect } from 'react';
import { authStatusAtom, userAtom } from '@/lib/auth/atoms';
import { clearSession, sessionTokenStore, setTokens, setUser } from '@/lib/auth/session';
import { runStartup } from '@/lib/auth/startup';
import { appStore } from '@/lib/store';
import { startScreensEarly } from './early-screens';

let started: Promise<void> | null = null;

/** No answer because there is no network (the browser says so, or the request never got one). */
function unreachable(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  const e = error as { name?: unknown; status?: unknown } | null;
  return !!e && e.name === 'ApiError' && e.status === null;
}

function runOnce(): Promise<void> {
  return (async () => {
    const access = sessionTokenStore.getAccess();
    if (access) setTokens({ access, refresh: sessionTokenStore.getRefresh() });
    const status = await runStartup({
      getAccess: sessionTokenStore.getAccess,
      // The API client comes with these, only for a visitor with a stored session.
      fetchProfile: async () => (await import('./signed-in')).fetchStartupProfile(),
      refresh: async () => (await import('./signed-in')).refreshStartupToken(),
      setUser,
      clear: clearSession,
      unreachable,
    });
    // The signed-in screen replaces the skeleton in a transition: React draws it in slices between which the
    // browser stays free (a phone took one 300 ms task for it), the skeleton standing until it is ready.
    startTransition(() => appStore.set(authStatusAtom, status));
  })();
}

/**
 * Runs the start-up sequence exactly once per page load (also under StrictMode): a stored token
 * becomes the bearer and the profile is fetched, with one refresh and retry before the tokens are cleared.
 */
export function startAuth(): Promise<void> {
  if (!started) {
    // Before the stored token is put in place: the page's screen and list go out beside the profile request.
    startScreensEarly();
    started = runOnce();
  }
  return started;
}

/**
 * A session kept through an offline start has no profile yet: when the network returns, the sequence
 * runs again, which fetches it (refreshing the token) or ends the session.
 */
function resumeWhenOnline(): void {
  if (!started) return;
  started = started.then(() => {
    if (appStore.get(authStatusAtom) === 'authenticated' && !appStore.get(userAtom)) return runOnce();
  });
}

/**
 * Keeps <html>'s `data-session` mark (set by the head script when a session is stored) in step with the sign-in
 * check: the signed-in frame (sidebar, bottom bar) shows once signed in and goes when the session does, and the
 * guest's forms, held back while a stored session was being checked, show when it turns out to be over.
 */
function markSession(): void {
  const status = appStore.get(authStatusAtom);
  if (status === 'authenticated') document.documentElement.setAttribute('data-session', '');
  else if (status === 'guest') document.documentElement.removeAttribute('data-session');
}

export function AuthBootstrap() {
  useEffect(() => {
    void startAuth();
    markSession();
    const stopMarking = appStore.sub(authStatusAtom, markSession);
    window.addEventListener('online', resumeWhenOnline);
    return () => {
      stopMarking();
      window.removeEventListener('online', resumeWhenOnline);
    };
  }, []);
  return null;
}
