import { atom } from 'jotai';
import { appStore } from '@/lib/store';

/**
 * Recent sign-in ("sudo mode"): the server refuses some actions with 403 `reauth_required` when the session's
 * sign-in is older than 30 minutes. The API client then asks for a re-confirmation here (askForReauth), the
 * «Подтвердите вход» dialog mounted in the signed-in frame answers (settleReauth), and the client repeats the
 * action. One request at a time: actions refused together wait for the same dialog.
 */

/** Whether the «Подтвердите вход» dialog is asked for now (the host in the signed-in frame shows it). */
export const reauthAskedAtom = atom(false);

/** What a cancelled re-confirmation leaves the refused action with: it is not done, and says why. */
export const REAUTH_CANCELLED = 'Действие не выполнено: вход не подтверждён.';

let waiting: Promise<boolean> | null = null;
let settle: ((confirmed: boolean) => void) | null = null;
let hosts = 0;

/** The dialog's host says it is mounted (and, by the function returned, that it is gone). */
export function registerReauthHost(): () => void {
  hosts += 1;
  return () => {
    hosts -= 1;
    if (hosts === 0) settleReauth(false);
  };
}

/** Asks for a re-confirmation: true once the session re-confirmed its sign-in, false when cancelled (or nothing can ask). */
export function askForReauth(): Promise<boolean> {
  if (hosts === 0) return Promise.resolve(false);
  if (!waiting) {
    waiting = new Promise<boolean>((resolve) => {
      settle = resolve;
    });
    appStore.set(reauthAskedAtom, true);
  }
  return waiting;
}

/** The dialog's answer: every action waiting on it goes on (confirmed) or gives up (cancelled). */
export function settleReauth(confirmed: boolean): void {
  const resolve = settle;
  waiting = null;
  settle = null;
  appStore.set(reauthAskedAtom, false);
  resolve?.(confirmed);
}
