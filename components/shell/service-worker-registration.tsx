'use client';

import { useEffect } from 'react';

/**
 * Installs the service worker that keeps the app shell for offline use — in production builds only:
 * in development it would serve stale pages over the live ones.
 */
export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  }, []);
  return null;
}
