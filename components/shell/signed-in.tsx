'use client';

import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { IconButton } from '@/components/ui/icon-button';
import { Menu } from '@/components/ui/menu';
import { useAuth } from '@/hooks/use-auth';
import { useThemeChoice } from '@/hooks/use-theme';
import { refreshAccessToken } from '@/lib/api/client';
import { mediaQueries } from '@/lib/api/media-list';
import { getProfile } from '@/lib/api/profile';
import { userAtom } from '@/lib/auth/atoms';
import { displayName } from '@/lib/auth/user';
import { THEME_CHOICES, type ThemeChoice } from '@/lib/theme';

/*
 * What the shell needs only for a visitor with a stored session, fetched as one chunk with the API client
 * (a guest's page never loads them): the start-up sequence's profile fetch and token refresh, the screen's
 * list request that goes out beside it (early-screens.ts), and the top bar's user menu and sign-out button.
 */

export const fetchStartupProfile = () => getProfile({ skipAuthRefresh: true });

export const refreshStartupToken = () => refreshAccessToken();

export { mediaQueries };

/** Signs out (the session ends locally whatever the server answers, so this never rejects), once at a time. */
function useSignOut() {
  const [leaving, setLeaving] = useState(false);
  const { logout } = useAuth();
  const signOut = async () => {
    if (leaving) return;
    setLeaving(true);
    try {
      await logout();
    } finally {
      setLeaving(false);
    }
  };
  return { leaving, signOut };
}

/** The top bar's 'Выйти'. */
export function SignOutButton() {
  const { leaving, signOut } = useSignOut();
  return (
    <IconButton label="Выйти" onClick={() => void signOut()} disabled={leaving}>
      <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M9 4H6a2 2 0 00-2 2v12a2 2 0 002 2h3M16 17l5-5-5-5M21 12H9" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </IconButton>
  );
}

/** The avatar and name in the top bar, opening the user's menu: Профиль, Тема, Выйти. */
export function UserMenu() {
  const user = useAtomValue(userAtom);
  const [theme, setTheme] = useThemeChoice();
  const { signOut } = useSignOut();
  const name = user ? displayName(user) : '';
  const firstName = user?.first_name || name;
  return (
    <Menu
      label={name ? `Меню пользователя: ${name}` : 'Меню пользователя'}
      buttonClassName="flex h-10 min-w-10 items-center gap-2 rounded-full py-1 pl-1 pr-1 touch:h-11 touch:min-w-11 touch:pl-0.5 touch:pr-0.5 text-sm font-medium text-fg hover:bg-surface-2 data-open:bg-surface-2 sm:pr-3"
      button={
        <>
          <Avatar name={name} photo={user?.photo_url ?? null} className="h-8 w-8 text-sm touch:h-10 touch:w-10" />
          <span className="hidden max-w-40 truncate sm:inline" data-testid="user-name">
            {firstName}
          </span>
        </>
      }
      header={
        user ? (
          <div className="flex items-center gap-3">
            <Avatar name={name} photo={user.photo_url} className="h-10 w-10 text-base" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-fg">{name}</p>
              <p className="truncate text-xs text-fg-muted">{user.email}</p>
            </div>
          </div>
        ) : undefined
      }
      entries={[
        { kind: 'link', label: 'Профиль', href: '/profile' },
        { kind: 'choice', heading: 'Тема', value: theme, options: THEME_CHOICES, onSelect: (v) => setTheme(v as ThemeChoice) },
        { label: 'Выйти', onSelect: () => void signOut() },
      ]}
    />
  );
}
