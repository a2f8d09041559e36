'use client';

import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { dismissSnackbarAtom, SNACKBAR_TIMEOUT_MS, snackbarsAtom, type Snackbar } from '@/hooks/use-snackbar';
import { CloseButton } from './close-button';

/**
 * One snackbar: it closes after 5 s, counted again from when the pointer leaves it or the focus moves
 * out of it, so whoever is reaching for its button (by mouse or keyboard) gets there in time.
 */
function SnackbarItem({ item }: { item: Snackbar }) {
  const dismiss = useSetAtom(dismissSnackbarAtom);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const held = hovered || focused;
  useEffect(() => {
    if (held) return;
    const t = setTimeout(() => dismiss(item.id), SNACKBAR_TIMEOUT_MS);
    return () => clearTimeout(t);
  }, [dismiss, item.id, held]);
  const colors = item.kind === 'success' ? 'bg-emerald-700 text-white' : 'bg-red-700 text-white';
  const action = item.action;
  return (
    <div
      role={item.kind === 'error' ? 'alert' : 'status'}
      className={`pointer-events-auto flex items-center gap-3 rounded-lg px-4 py-3 shadow-lg ${colors}`}
      data-testid={`snackbar-${item.kind}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
    >
      <p className="flex-1 text-sm break-words">{item.message}</p>
      {action ? (
        <button
          type="button"
          className="-my-1 rounded-md px-2 py-1 text-sm font-semibold text-white underline underline-offset-2 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          onClick={() => {
            dismiss(item.id);
            action.onAction();
          }}
        >
          {action.label}
        </button>
      ) : null}
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
