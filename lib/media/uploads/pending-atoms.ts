import { atom } from 'jotai';
import type { RecordingSession } from '@/lib/media/recording/recording-store';

/** Recordings saved with no network and not sent yet (oldest first), as the top bar and the screens show them. */
export const pendingRecordingsAtom = atom<RecordingSession[]>([]);

/** The server's reason for each pending recording it refused, by session id. */
export const pendingRefusalsAtom = atom<Record<string, string>>({});

/** The last attempt stopped because the session had ended: they go after the next sign-in. */
export const pendingNeedSignInAtom = atom(false);

const CHANGED_EVENT = 'kopilka:pending-recordings';

/** Tells the app that a recording was just kept for later (it re-reads the list and tries to send). */
export function notifyPendingChanged(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANGED_EVENT));
}

/** Calls `listener` on every notifyPendingChanged() and whenever the network returns; returns the unsubscribe. */
export function onPendingOccasion(listener: () => void): () => void {
  window.addEventListener(CHANGED_EVENT, listener);
  window.addEventListener('online', listener);
  return () => {
    window.removeEventListener(CHANGED_EVENT, listener);
    window.removeEventListener('online', listener);
  };
}
