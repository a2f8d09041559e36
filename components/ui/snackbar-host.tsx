'use client';

import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { dismissSnackbarAtom, SNACKBAR_TIMEOUT_MS, snackbarsAtom, type Snackbar } from '@/hooks/use-snackbar';
import { CloseButton } from './close-button';

function SnackbarItem({ item }: { item: Snackbar }) {
  const dismiss = useSetAtom(dismissSnackbarAtom);
  useEffect(() => {
    const t = setTimeout(() => dismiss(item.id), SNACKBAR_TIMEOUT_MS);
    return () => clearTimeout(t);
  }, [dismiss, item.id]);
  const colors = item.kind === 'success' ? 'bg-emerald-700 text-white' : 'bg-red-700 text-white';
  return (
    <div
      role={item.kind === 'error' ? 'alert' : 'status'}
      className={`pointer-events-auto flex items-center gap-3 rounded-lg px-4 py-3 shadow-lg ${colors}`}
      data-testid={`snackbar-${item.kind}`}
    >
      <p className="flex-1 text-sm break-words">{item.message}</p>
      <CloseButton label="Закрыть уведомление" tone="dark" onClick={() => dismiss(item.id)} className="-my-2 -mr-2" />
    </div>
  );
}

/** Rendered once by the shell; every snackbar announces itself (status / alert live regions). */
export function SnackbarHost() {
  const items = useAtomValue(snackbarsAtom);
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] mx-auto flex w-full max-w-md flex-col gap-2 px-4"
    >
      {items.map((item) => (
        <SnackbarItem key={item.id} item={item} />
      ))}
    </div>
  );
}
