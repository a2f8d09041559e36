'use client';

import { useCallback, useMemo, useRef } from 'react';
import type { RecorderKind } from '@/lib/media/recording/recording-format';
import * as store from '@/lib/media/recording/recording-store';

export interface RecordingPersistence {
  /** Starts a session for a new recording (nothing when persistence is off or IndexedDB is missing). */
  begin: (kind: RecorderKind, mimeType: string) => void;
  /** Appends one MediaRecorder chunk with the seconds recorded so far. */
  append: (chunk: Blob, seconds: number) => void;
  /** Records the final length once the recorder stopped. */
  finish: (seconds: number) => void;
  /** Deletes the session and its chunks (saved or discarded), after every pending write. */
  forget: () => Promise<void>;
  /**
   * Keeps the session as a pending upload (saved with no network) after every pending write, and lets
   * go of it; false when there is no session to keep (persistence off or IndexedDB missing).
   */
  keepPending: (details: store.PendingDetails) => Promise<boolean>;
  /** Loads an unsaved session of this kind and makes it the current one; null when there is none. */
  adopt: (sessionId: string, kind: RecorderKind) => Promise<store.RestoredRecording | null>;
}

/**
 * Keeps a recording's chunks in IndexedDB while it runs, so a reload or a crash loses nothing:
 * writes run one after another and never fail the recording itself.
 */
export function useRecordingPersistence(enabled: boolean): RecordingPersistence {
  const sessionRef = useRef<Promise<string | null> | null>(null);
  const chainRef = useRef<Promise<unknown>>(Promise.resolve());
  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;

  const step = useCallback((write: (sessionId: string) => Promise<unknown>) => {
    const session = sessionRef.current;
    if (!session) return;
    chainRef.current = chainRef.current
      .then(() => session)
      .then((id) => (id ? write(id) : undefined))
      .catch(() => undefined);
  }, []);

  const forget = useCallback(async () => {
    const session = sessionRef.current;
    sessionRef.current = null;
    await chainRef.current;
    const id = session ? await session.catch(() => null) : null;
    if (id) await store.deleteSession(id).catch(() => undefined);
  }, []);

  const keepPending = useCallback(async (details: store.PendingDetails) => {
    const session = sessionRef.current;
    await chainRef.current;
    const id = session ? await session.catch(() => null) : null;
    if (!id) return false;
    try {
      await store.markPending(id, details);
    } catch {
      return false;
    }
    sessionRef.current = null;
    return true;
  }, []);

  return useMemo(
    () => ({
      begin: (kind, mimeType) => {
        sessionRef.current =
          enabledRef.current && store.isRecordingStoreAvailable() ? store.createSession({ kind, mimeType }).catch(() => null) : null;
      },
      append: (chunk, seconds) => step((id) => store.appendChunk(id, chunk, seconds)),
      finish: (seconds) => step((id) => store.setSessionDuration(id, seconds)),
      forget,
      keepPending,
      adopt: async (sessionId, kind) => {
        const loaded = await store.loadRecording(sessionId, kind).catch(() => null);
        if (!loaded || loaded.blob.size === 0) return null;
        sessionRef.current = Promise.resolve(sessionId);
        return loaded;
      },
    }),
    [step, forget, keepPending],
  );
}
