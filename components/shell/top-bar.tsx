'use client';

import Link from 'next/link';
import { useState } from 'react';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { useAuth } from '@/hooks/use-auth';

/** The drawer's frame (backdrop and panel, where the drawer draws them) for the moment its code is on its way. */
function DrawerLoading() {
  return (
    <div className="fixed inset-0 z-40" aria-hidden="true">
      <div className="fixed inset-0 bg-slate-900/40" />
      <div className="relative h-full w-72 max-w-[85vw] bg-white shadow-xl" />
    </div>
  );
}

// The drawer (and the dialog code it is built on) is fetched when the menu button is first pointed at,
// focused or pressed, not with every page.
const loadSideDrawer = () => import('./side-drawer').then((m) => m.SideDrawer);
const SideDrawer = lazyDialog(loadSideDrawer, <DrawerLoading />);
const preloadSideDrawer = () => void loadSideDrawer();

export function TopBar() {
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const { isAuthenticated, logout } = useAuth();

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
    <header className="sticky top-0 z-30 bg-brand-700 text-white shadow">
      <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-2 sm:px-4">
        <button
          type="button"
          onClick={() => setOpen(true)}
          onPointerEnter={preloadSideDrawer}
          onFocus={preloadSideDrawer}
          aria-label="Открыть меню"
          aria-expanded={open}
          aria-controls="side-drawer"
          className="rounded p-2 hover:bg-white/15"
        >
          <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
          </svg>
        </button>
        <Link href="/" className="rounded px-1 text-lg font-semibold tracking-tight">
          Копилка
        </Link>
        <div className="flex-1" />
        {isAuthenticated ? (
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
        ) : null}
      </div>
      {open ? <SideDrawer open onClose={() => setOpen(false)} isAuthenticated={isAuthenticated} /> : null}
    </header>
  );
}
