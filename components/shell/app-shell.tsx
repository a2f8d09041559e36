'use client';

import type { ReactNode } from 'react';
import { SnackbarHost } from '@/components/ui/snackbar-host';
import { AuthBootstrap } from './auth-bootstrap';
import { Footer } from './footer';
import { PendingUploadsSync } from './pending-uploads-sync';
import { ServiceWorkerRegistration } from './service-worker-registration';
import { TopBar } from './top-bar';

export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Перейти к содержимому
      </a>
      <AuthBootstrap />
      <PendingUploadsSync />
      <ServiceWorkerRegistration />
      <TopBar />
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-3 py-6 sm:px-4">
        {children}
      </main>
      <Footer />
      <SnackbarHost />
    </div>
  );
}
