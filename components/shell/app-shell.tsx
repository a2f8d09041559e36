'use client';

import { useAtomValue } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { deferredComponent } from '@/components/ui/lazy-screen';
import { SnackbarHost } from '@/components/ui/snackbar-host';
import { authStatusAtom } from '@/lib/auth/atoms';
import { AuthBootstrap } from './auth-bootstrap';
import { Footer } from './footer';
import { loadSessionFrame } from './early-screens';
import { OfflineBanner } from './offline-banner';
import { PendingUploadsSync } from './pending-uploads-sync';
import { RouteFocus } from './route-focus';
import { ServiceWorkerRegistration } from './service-worker-registration';
import { TopBar } from './top-bar';

const SessionFrame = deferredComponent(loadSessionFrame, null);

/** The sidebar and the bottom bar, for a visitor signed in or with a session stored (until the check says otherwise). */
function SessionNavigation() {
  const status = useAtomValue(authStatusAtom);
  const [stored, setStored] = useState(false);
  useEffect(() => setStored(document.documentElement.hasAttribute('data-session')), []);
  return status === 'authenticated' || (status === 'unknown' && stored) ? <SessionFrame /> : null;
}

/**
 * The frame of every page: the top bar; signed in, the sidebar from 1024 px and the bottom bar under 640 px;
 * the page in the middle (each kind of page sets its own width: a form, settings, a section); the footer.
 */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-3 focus:py-2"
      >
        Перейти к содержимому
      </a>
      <AuthBootstrap />
      <RouteFocus />
      <PendingUploadsSync />
      <ServiceWorkerRegistration />
      <TopBar />
      <SessionNavigation />
      <div className="flex flex-1 flex-col session:lg:pl-60 session:lg:folded:pl-[4.5rem]">
        <OfflineBanner />
        <main id="main" className="mx-auto w-full max-w-section flex-1 px-4 py-6 sm:px-6 lg:py-8">
          {children}
        </main>
        <Footer />
      </div>
      <SnackbarHost />
    </div>
  );
}
