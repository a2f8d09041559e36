'use client';

import { atom, useSetAtom } from 'jotai';
import { useMemo } from 'react';

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
