'use client';

import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * «Нет подключения» while the browser has no network: the screens show the lists last seen (kept on the device)
 * and recordings wait on the device until they can be sent. The live region is always there, so the change is
 * announced; it holds nothing while online.
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  return (
    <div role="status" className="empty:hidden">
      {online ? null : (
        <p className="flex flex-wrap items-center justify-center gap-x-2 border-b border-warning-line bg-warning-soft px-4 py-2 text-center text-sm text-warning-text">
          <strong className="font-semibold">Нет подключения.</strong>
          <span>Показано то, что было загружено раньше; новые записи отправятся, когда сеть вернётся.</span>
        </p>
      )}
    </div>
  );
}
