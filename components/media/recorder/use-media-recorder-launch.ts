'use client';

import { useCallback, useRef, useState } from 'react';
import { useMediaUnsavedRecordings } from '@/components/media/recorder/use-media-unsaved-recordings';
import { isRecordingSupported } from '@/lib/media/recording/recording-support';
import type { RecorderKind } from '@/lib/media/recording/recording-format';

/**
 * Opening and closing a screen's recorder dialog, and the offer to restore a recording of this
 * kind left unsaved by an earlier visit (hidden while the recorder is open). A kind that is not
 * recorded (null) has neither.
 */
export function useMediaRecorderLaunch(kind: RecorderKind | null, onUnsupported: () => void) {
  const unsaved = useMediaUnsavedRecordings(kind);
  const { refresh, hide, remove } = unsaved;
  const [open, setOpen] = useState(false);
  const [restoreId, setRestoreId] = useState<string | null>(null);

  const unsupported = useRef(onUnsupported);
  unsupported.current = onUnsupported;

  const openRecorder = useCallback(() => {
    if (!isRecordingSupported()) {
      unsupported.current();
      return;
    }
    setRestoreId(null);
    setOpen(true);
  }, []);

  const closeRecorder = useCallback(() => {
    setOpen(false);
    setRestoreId(null);
    void refresh();
  }, [refresh]);

  const pending = !open ? unsaved.sessions[0] : undefined;

  const restorePending = () => {
    if (!pending) return;
    hide(pending.id);
    setRestoreId(pending.id);
    setOpen(true);
  };

  const deletePending = () => {
    if (pending) void remove(pending.id);
  };

  return { open, restoreId, openRecorder, closeRecorder, pending, restorePending, deletePending };
}
