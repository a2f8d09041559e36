'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { authStatusAtom, userAtom } from '@/lib/auth/atoms';
import { onPendingOccasion, pendingNeedSignInAtom, pendingRecordingsAtom, pendingRefusalsAtom } from '@/lib/media/uploads/pending-atoms';
import { isRecordingStoreAvailable, listPending } from '@/lib/media/recording/recording-store';

let running: Promise<void> | null = null;

/** Tabs of one browser send one at a time, so a recording is never sent twice. */
function exclusively(task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('kopilka-pending-recordings', () => task()).then(() => undefined) : task();
}

/**
 * Keeps the list of recordings saved with no network up to date and sends them by themselves:
 * at start, after each one is kept, when the network returns and when someone signs in — only with a
 * known account and the browser online; the upload refreshes an expired token on its own.
 */
export function usePendingUploadsSync(): void {
  const status = useAtomValue(authStatusAtom);
  const account = useAtomValue(userAtom)?.email ?? null;
  const queryClient = useQueryClient();
  const setPending = useSetAtom(pendingRecordingsAtom);
  const setRefusals = useSetAtom(pendingRefusalsAtom);
  const setNeedSignIn = useSetAtom(pendingNeedSignInAtom);

  const reload = useCallback(async () => {
    if (!isRecordingStoreAvailable()) return;
    setPending(await listPending('audio').catch(() => []));
  }, [setPending]);

  const sync = useCallback(async () => {
    await reload();
    if (status !== 'authenticated' || !account || navigator.onLine === false || running) return;
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
