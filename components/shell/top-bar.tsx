'use client';

import { useAtomValue } from 'jotai';
import Link from 'next/link';
import { useState } from 'react';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { deferredComponent } from '@/components/ui/lazy-screen';
import { authStatusAtom } from '@/lib/auth/atoms';
import { pendingRecordingsAtom } from '@/lib/media/uploads/pending-atoms';

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

// Signing out needs the API client, which a guest's page does without: it comes with the session.
// It holds the button's 40 px while its code arrives, so nothing in the bar moves.
const SignOutButton = deferredComponent(
  () => import('./signed-in').then((m) => m.SignOutButton),
  <span className="h-10 w-10" aria-hidden="true" />,
);

/** How many recordings saved with no network wait to be sent (nothing when none). */
function PendingCount() {
  const count = useAtomValue(pendingRecordingsAtom).length;
  if (count === 0) return null;
  const label = `Ожидают отправки: ${count}`;
  return (
    <Link href="/audio" title={label} aria-label={label} className="flex items-center gap-1 rounded px-2 py-1 text-sm hover:bg-white/15">
      <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M12 16V4m0 0-4 4m4-4 4 4M4 20h16" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span data-testid="pending-count">{count}</span>
    </Link>
  );
}

export function TopBar() {
  const [open, setOpen] = useState(false);
  const isAuthenticated = useAtomValue(authStatusAtom) === 'authenticated';

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
        <PendingCount />
        {isAuthenticated ? <SignOutButton /> : null}
      </div>
      {open ? <SideDrawer open onClose={() => setOpen(false)} isAuthenticated={isAuthenticated} /> : null}
    </header>
  );
}
