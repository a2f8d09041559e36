'use client';

import { useAtomValue } from 'jotai';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { IconButton } from '@/components/ui/icon-button';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { deferredComponent } from '@/components/ui/lazy-screen';
import { authStatusAtom } from '@/lib/auth/atoms';
import { pendingRecordingsAtom } from '@/lib/media/uploads/pending-atoms';
import { NavLink } from './nav-link';

/** The drawer's frame (backdrop and panel, where the drawer draws them) for the moment its code is on its way. */
function DrawerLoading() {
  return (
    <div className="fixed inset-0 z-40" aria-hidden="true">
      <div className="fixed inset-0 bg-scrim" />
      <div className="relative h-full w-72 max-w-[85vw] bg-surface shadow-float" />
    </div>
  );
}

// The drawer (and the dialog code it is built on) is fetched when the menu button is first pointed at,
// focused or pressed, not with every page.
const loadSideDrawer = () => import('./side-drawer').then((m) => m.SideDrawer);
const SideDrawer = lazyDialog(loadSideDrawer, <DrawerLoading />);
const preloadSideDrawer = () => void loadSideDrawer();

// The user's menu and signing out need the API client and the menu code, which a guest's page does without:
// they come with the session. Each holds its place while its code arrives, so nothing in the bar moves.
const UserMenu = deferredComponent(
  () => import('./signed-in').then((m) => m.UserMenu),
  <span className="h-10 w-10 rounded-full bg-surface-2 touch:h-11 touch:w-11 sm:w-32" aria-hidden="true" />,
);
const SignOutButton = deferredComponent(
  () => import('./signed-in').then((m) => m.SignOutButton),
  <span className="h-10 w-10 touch:h-11 touch:w-11" aria-hidden="true" />,
);

/** How many recordings saved with no network wait to be sent (nothing when none). */
function PendingCount() {
  const count = useAtomValue(pendingRecordingsAtom).length;
  if (count === 0) return null;
  const label = `Ожидают отправки: ${count}`;
  return (
    <NavLink
      href="/audio"
      title={label}
      aria-label={label}
      className="flex h-10 items-center gap-1 rounded-lg px-2 text-sm text-fg-muted hover:bg-surface-2 hover:text-fg"
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M12 16V4m0 0-4 4m4-4 4 4M4 20h16" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span data-testid="pending-count">{count}</span>
    </NavLink>
  );
}

const SIDEBAR_KEY = 'sidebar';

/** The top bar's navigation landmark (the menu and the way home), named apart from the sidebar's and the bottom bar's. */
export const TOP_NAV_LABEL = 'Навигация по Копилке';

/** The sidebar folded to its icons or open, as the head script found it and as it is kept (localStorage `sidebar`). */
function useSidebarFold(): [boolean, () => void] {
  const [folded, setFolded] = useState(false);
  useEffect(() => setFolded(document.documentElement.getAttribute('data-sidebar') === 'folded'), []);
  const toggle = () => {
    const next = !folded;
    setFolded(next);
    if (next) document.documentElement.setAttribute('data-sidebar', 'folded');
    else document.documentElement.removeAttribute('data-sidebar');
    try {
      if (next) localStorage.setItem(SIDEBAR_KEY, 'folded');
      else localStorage.removeItem(SIDEBAR_KEY);
    } catch {
      // No storage: the sidebar stays as chosen on this page.
    }
  };
  return [folded, toggle];
}

function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
    </svg>
  );
}

/** Копилка's mark: a coin going into the slot. */
function Mark() {
  return (
    <svg viewBox="0 0 32 32" className="h-7 w-7" aria-hidden="true">
      <rect width="32" height="32" rx="9" className="fill-accent" />
      <rect x="9" y="9" width="14" height="3" rx="1.5" className="fill-accent-fg" />
      <circle cx="16" cy="20" r="5" className="fill-none stroke-accent-fg" strokeWidth="2.5" />
    </svg>
  );
}

/**
 * The spec's top bar: the menu toggle, the product's name, and — signed in — the user's avatar and name opening
 * their menu (Профиль, Тема, Выйти) and the logout icon. The toggle opens the drawer; where the sidebar stands
 * (1024 px and wider, signed in) it folds the sidebar instead.
 */
export function TopBar() {
  const [open, setOpen] = useState(false);
  const [folded, toggleFold] = useSidebarFold();
  const isAuthenticated = useAtomValue(authStatusAtom) === 'authenticated';
  // A shared link's page is a guest's: nothing of Копилка's own to open there but its name, which leads home.
  const sharedPage = /^\/s\/?$/.test(usePathname() ?? '');

  return (
    <header className="sticky top-0 z-30 h-14 border-b border-line bg-surface/95 backdrop-blur">
      <div className="flex h-full items-center gap-1 px-2 sm:gap-2 sm:px-3">
        {/* The menu toggle and the way home are a navigation landmark of their own: a guest's page, the 404 and a
            signed-in tablet width (no sidebar, no bottom bar) have no other one. */}
        <nav aria-label={TOP_NAV_LABEL} className="flex h-full items-center gap-1 sm:gap-2">
          {sharedPage && !isAuthenticated ? null : (
            <IconButton
              label="Открыть меню"
              onClick={() => setOpen(true)}
              onPointerEnter={preloadSideDrawer}
              onFocus={preloadSideDrawer}
              aria-expanded={open}
              aria-controls="side-drawer"
              className="session:lg:hidden"
              data-route-focus="yield"
            >
              <MenuIcon />
            </IconButton>
          )}
          <span className="hidden session:lg:contents">
            <IconButton label={folded ? 'Развернуть меню' : 'Свернуть меню'} onClick={toggleFold} aria-controls="sidebar">
              <MenuIcon />
            </IconButton>
          </span>
          <NavLink href="/" className="flex items-center gap-2 rounded-lg px-1 text-lg font-semibold tracking-tight text-fg">
            <Mark />
            Копилка
          </NavLink>
        </nav>
        <div className="flex-1" />
        <PendingCount />
        {isAuthenticated ? <UserMenu /> : null}
        {isAuthenticated ? <SignOutButton /> : null}
      </div>
      {open ? <SideDrawer open onClose={() => setOpen(false)} isAuthenticated={isAuthenticated} /> : null}
    </header>
  );
}
