'use client';

import { useEffect, useRef, useState } from 'react';
import { RecorderPanel } from '@/components/media/recorder/recorder-panel';
import { Dialog } from '@/components/ui/dialog';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useAccountId } from '@/hooks/use-account-id';
import { useRecorder } from '@/components/media/recorder/use-recorder';
import { ApiError } from '@/lib/api/api-error';
import type { MediaDetails } from '@/lib/api/media';
import { recorderOf } from '@/lib/media/kinds';
import { notifyPendingChanged } from '@/lib/media/uploads/pending-atoms';
import { hasUnsavedRecording } from '@/lib/media/recording/recorder-machine';
import type { MediaKind } from '@/contract/media';

/** A recording stops by itself after 300 s on the audio and the video screen (the recorder's own default is 3600 s). */
export const RECORDER_SCREEN_MAX_DURATION = 300;

/** The upload did not travel: no answer came (offline, or the browser knows it is). */
const didNotTravel = (error: unknown) => error instanceof ApiError && error.status === null;

export interface RecorderDialogProps {
  /** A recorded kind (its entry has a recorder). */
  kind: MediaKind;
  onClose: () => void;
  /** Called once the recording is stored on the server (`kept`: with no network, kept on the device to be sent later). */
  onSaved: (kept: boolean) => void;
  /** An unsaved IndexedDB session to load into the recorder (the 'Восстановить' offer). */
  restoreSessionId?: string | null;
}

/**
 * The persistent 800 px recorder dialog: mounted while open, so each opening starts fresh. Chunks go
 * to IndexedDB as they come, so a crash loses nothing. The camera recorder shows the live picture
 * from the moment it opens (not while a restored recording is shown, nor while closing).
 */
export function RecorderDialog({ kind, onClose, onSaved, restoreSessionId }: RecorderDialogProps) {
  // What differs between the microphone and the camera: the kind's entry (lib/media/kinds.ts).
  const config = recorderOf(kind);
  const [restoring, setRestoring] = useState(!!restoreSessionId);
  const [closing, setClosing] = useState(false);
  const recorder = useRecorder({
    kind: config.records,
    maxDuration: RECORDER_SCREEN_MAX_DURATION,
    constraints: config.constraints,
    preview: config.records === 'video' && !restoring && !closing,
  });
  const [confirmOpen, setConfirmOpen] = useState(false);
  // The account a recording kept for later belongs to (it is sent only into that one).
  const accountId = useAccountId();
  const restoredRef = useRef<string | null>(null);
  const { restore } = recorder;

  useEffect(() => {
    if (!restoreSessionId || restoredRef.current === restoreSessionId) return;
    restoredRef.current = restoreSessionId;
    setRestoring(true);
    void restore(restoreSessionId).finally(() => setRestoring(false));
  }, [restoreSessionId, restore]);

  const requestClose = () => {
    if (recorder.state.status === 'saving') return; // the upload finishes first
    if (hasUnsavedRecording(recorder.state)) setConfirmOpen(true);
    else onClose();
  };

  const confirmClose = async () => {
    setConfirmOpen(false);
    setClosing(true);
    await recorder.discard();
    onClose();
  };

  const save = async (details: MediaDetails) => {
    const outcome = await recorder.save(
      details,
      async (input, onProgress) => {
        // With the browser offline the request would only fail: the recording is kept at once.
        if (config.keepOffline && navigator.onLine === false) throw ApiError.noAnswer(new TypeError('offline'));
        return config.upload(input, { onProgress: (p) => onProgress(p.fraction) });
      },
      config.saveError,
      config.keepOffline ? { when: didNotTravel, ownerId: accountId } : undefined,
    );
    if (outcome === 'failed') return;
    if (outcome === 'kept') notifyPendingChanged();
    onSaved(outcome === 'kept');
    onClose();
  };

  return (
    <>
      <Dialog open onClose={requestClose} onRequestClose={requestClose} static title={config.title} width={800}>
        <RecorderPanel kind={kind} recorder={recorder} onSave={(d) => void save(d)} />
      </Dialog>
      <ConfirmDialog
        open={confirmOpen}
        title="Закрыть запись?"
        message={config.closeConfirm}
        confirmLabel="Закрыть без сохранения"
        cancelLabel="Продолжить"
        onConfirm={() => void confirmClose()}
        onCancel={() => setConfirmOpen(false)}
      />
    </>
  );
}
