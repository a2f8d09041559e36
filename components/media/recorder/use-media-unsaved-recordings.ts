'use client';

import { useCallback, useEffect, useState } from 'react';
import type { RecorderKind } from '@/lib/media/recording/recording-format';
import { deleteSession, isRecordingStoreAvailable, listUnsaved, type RecordingSession } from '@/lib/media/recording/recording-store';

/** Recordings left in IndexedDB by an earlier visit (a reload or crash mid-recording), newest first; none for a kind not recorded (null). */
export function useMediaUnsavedRecordings(kind: RecorderKind | null) {
  const [sessions, setSessions] = useState<RecordingSession[]>([]);
  const [loaded, setLoaded] = useState(false);

  const refresh = useCallback(async () => {
    if (!kind || !isRecordingStoreAvailable()) {
      setLoaded(true);
      return;
    }
    try {
      setSessions(await listUnsaved(kind));
    } catch {
      setSessions([]);
    } finally {
      setLoaded(true);
    }
  }, [kind]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const remove = useCallback(
    async (id: string) => {
      await deleteSession(id).catch(() => undefined);
      await refresh();
    },
    [refresh],
  );

  /** Hide a session without deleting it (it is being restored into the recorder). */
  const hide = useCallback((id: string) => setSessions((s) => s.filter((x) => x.id !== id)), []);

  return { sessions, loaded, refresh, remove, hide };
}
