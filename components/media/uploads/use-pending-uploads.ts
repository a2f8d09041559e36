'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { authStatusAtom, userAtom } from '@/lib/auth/atoms';
import {
  notifyPendingChanged,
  onPendingOccasion,
  pendingNeedSignInAtom,
  pendingRecordingsAtom,
  pendingRefusalsAtom,
} from '@/lib/media/uploads/pending-atoms';
import { ownershipOf } from '@/lib/media/uploads/pending-uploads';
import { deleteSession, isRecordingStoreAvailable, listPending } from '@/lib/media/recording/recording-store';
import { useAccountId } from '@/hooks/use-account-id';

let running: Promise<void> | null = null;

/** Tabs of one browser send one at a time, so a recording is never sent twice. */
function exclusively(task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('kopilka-pending-recordings', () => task()).then(() => undefined) : task();
}

/**
 * Keeps the list of recordings saved with no network up to date and sends them by themselves:
 * at start, after each one is kept, when the network returns and when someone signs in — only with a
 * known account (its profile read from the server) and the browser online, and only the recordings
 * made in that account (by id); the upload refreshes an expired token on its own.
 */
export function usePendingUploadsSync(): void {
  const status = useAtomValue(authStatusAtom);
  const account = useAtomValue(userAtom)?.id ?? null;
  const queryClient = useQueryClient();
  const setPending = useSetAtom(pendingRecordingsAtom);
  const setRefusals = useSetAtom(pendingRefusalsAtom);
  const setNeedSignIn = useSetAtom(pendingNeedSignInAtom);

  // What this account sees: its own recordings and those whose account is unknown (to decide about),
  // never another account's; nothing before someone is signed in.
  const viewer = useAccountId();
  const reload = useCallback(async () => {
    if (!isRecordingStoreAvailable()) return;
    const all = await listPending('audio').catch(() => []);
    setPending(viewer === null ? [] : all.filter((s) => ownershipOf(s, viewer) !== 'other'));
  }, [setPending, viewer]);

  const sync = useCallback(async () => {
    await reload();
    if (status !== 'authenticated' || account === null || navigator.onLine === false || running) return;
    running = exclusively(async () => {
      const { sendPendingAudio } = await import('@/lib/media/uploads/pending-sender');
      const result = await sendPendingAudio(account, queryClient);
      setRefusals(result.messages);
      setNeedSignIn(result.stoppedBy === 'auth');
    })
      .catch(() => undefined)
      .finally(() => {
        running = null;
      });
    await running;
    await reload();
  }, [reload, status, account, queryClient, setRefusals, setNeedSignIn]);

  useEffect(() => {
    void sync();
    return onPendingOccasion(() => void sync());
  }, [sync]);
}

/**
 * What the signed-in user decides about a waiting recording whose account is unknown: send it into
 * their own account, or remove it from the device. Either way the list is read again.
 */
export function usePendingChoice() {
  const queryClient = useQueryClient();
  return {
    /** Sends it; the message to show when that failed, else null. */
    send: async (sessionId: string): Promise<string | null> => {
      try {
        const { sendChosenRecording } = await import('@/lib/media/uploads/pending-sender');
        return await sendChosenRecording(sessionId, queryClient);
      } finally {
        notifyPendingChanged();
      }
    },
    discard: async (sessionId: string): Promise<void> => {
      await deleteSession(sessionId).catch(() => undefined);
      notifyPendingChanged();
    },
  };
}
