'use client';

import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { createPortal } from 'react-dom';
import { snackbarLayerAtom, snackbarsAtom } from '@/hooks/use-snackbar';

// The snackbars' code (their timers, focus and undo key) comes with the first of them: no page's first load waits for it.
const Snackbars = lazy(() => import('./snackbars').then((m) => ({ default: m.Snackbars })));

/**
 * Rendered once by the shell: the place at the bottom where snackbars show (snackbars.tsx), over the bottom bar on a
 * phone. While a full-screen modal asks for them (the viewer: useSnackbarLayer), the place moves inside it, there from
 * the moment it opens, so what is said later is heard and its buttons are reached by Tab.
 */
export function SnackbarHost() {
  const items = useAtomValue(snackbarsAtom);
  const layer = useAtomValue(snackbarLayerAtom);
  const host = (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] mx-auto flex w-full max-w-md flex-col gap-2 px-4 max-sm:bottom-[calc(4.5rem+env(safe-area-inset-bottom))]"
    >
      {items.length > 0 ? (
        <Suspense fallback={null}>
          <Snackbars items={items} />
        </Suspense>
      ) : null}
    </div>
  );
  return layer ? createPortal(host, layer) : host;
}
