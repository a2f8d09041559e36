'use client';

import { atom, useSetAtom } from 'jotai';
import { useEffect, useMemo } from 'react';

/** A button in a snackbar, e.g. «Отменить» after a deletion: runs once, and the snackbar closes. */
export interface SnackbarAction {
  label: string;
  onAction: () => void;
}

export interface Snackbar {
  id: number;
  kind: 'success' | 'error';
  message: string;
  action?: SnackbarAction;
}

/** Snackbars close after 5 s… */
export const SNACKBAR_TIMEOUT_MS = 5_000;
/** …and one with an action («Отменить») after 20 s, so whoever needs longer to reach it gets there (WCAG 2.2.1). */
export const SNACKBAR_ACTION_TIMEOUT_MS = 20_000;

export const snackbarsAtom = atom<Snackbar[]>([]);

/**
 * Where the snackbars show while a full-screen modal is open (the viewer): inside it, so its «Отменить» is in the
 * modal's Tab order and a screen reader, kept inside the modal, hears them; and Ctrl+Z works there. None: the page.
 */
export const snackbarLayerAtom = atom<HTMLElement | null>(null);

/**
 * Makes `element` (a modal's own element, the one with role="dialog") the snackbars' place while it is mounted. The
 * element should carry `data-snackbar-layer`, which tells the undo key that the modal has no typing of its own to undo.
 */
export function useSnackbarLayer(element: HTMLElement | null) {
  const set = useSetAtom(snackbarLayerAtom);
  useEffect(() => {
    if (!element) return;
    set(element);
    return () => set((current) => (current === element ? null : current));
  }, [element, set]);
}

let nextId = 1;

export const pushSnackbarAtom = atom(null, (get, set, item: Omit<Snackbar, 'id'>) => {
  set(snackbarsAtom, [...get(snackbarsAtom), { ...item, id: nextId++ }]);
});

export const dismissSnackbarAtom = atom(null, (get, set, id: number) => {
  set(
    snackbarsAtom,
    get(snackbarsAtom).filter((s) => s.id !== id),
  );
});

/** Queue a success or error message, with an optional action button; the host in the shell shows it for 5 s. */
export function useSnackbar() {
  const push = useSetAtom(pushSnackbarAtom);
  return useMemo(
    () => ({
      showSuccess: (message: string, action?: SnackbarAction) => push({ kind: 'success', message, action }),
      showError: (message: string) => push({ kind: 'error', message }),
    }),
    [push],
  );
}
