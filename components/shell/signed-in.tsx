'use client';

import { useState } from 'react';
import { useAuth } from '@/hooks/use-auth';
import { refreshAccessToken } from '@/lib/api/client';
import { mediaQueries } from '@/lib/api/media-list';
import { getProfile } from '@/lib/api/profile';

/*
 * What the shell needs only for a visitor with a stored session, fetched as one chunk with the API client
 * (a guest's page never loads them): the start-up sequence's profile fetch and token refresh, the screen's
 * list request that goes out beside it (early-screens.ts), and the top bar's sign-out button.
 */

export const fetchStartupProfile = () => getProfile({ skipAuthRefresh: true });

export const refreshStartupToken = () => refreshAccessToken();

export { mediaQueries };

/** The top bar's 'Выйти'. */
export function SignOutButton() {
  const [leaving, setLeaving] = useState(false);
  const { logout } = useAuth();

  // logout() ends the session locally whatever the server answers, so this never rejects.
  const signOut = async () => {
    setLeaving(true);
    try {
      await logout();
    } finally {
      setLeaving(false);
    }
  };

  return (
    <button
      type="button"
      onClick={() => void signOut()}
      disabled={leaving}
      aria-label="Выйти"
      title="Выйти"
      className="rounded p-2 hover:bg-white/15 disabled:opacity-60"
    >
      <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M9 4H6a2 2 0 00-2 2v12a2 2 0 002 2h3M16 17l5-5-5-5M21 12H9" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
