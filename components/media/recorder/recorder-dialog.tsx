'use client';

import { useEffect, useRef, useState } from 'react';
import { RecorderPanel } from '@/components/media/recorder/recorder-panel';
import { Dialog } from '@/components/ui/dialog';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useAccountId } from '@/hooks/use-account-id';
import { useRecorder, type RecordingUpload, type UseRecorderOptions } from '@/components/media/recorder/use-recorder';
import { ApiError } from '@/lib/api/api-error';
import { createAudio } from '@/lib/api/audio';
import type { MediaDetails } from '@/lib/api/media';
import type { UploadProgress } from '@/lib/api/upload';
import { uploadVideo } from '@/lib/api/video';
import { audioSaveError, videoSaveError } from '@/lib/media-errors';
import { notifyPendingChanged } from '@/lib/media/uploads/pending-atoms';
import { hasUnsavedRecording } from '@/lib/media/recording/recorder-machine';
import type { RecorderKind } from '@/lib/media/recording/recording-format';

/** A recording stops by itself after 300 s on the audio and the video screen (the recorder's own default is 3600 s). */
export const RECORDER_SCREEN_MAX_DURATION = 300;

interface RecorderDialogKind {
  title: string;
  closeConfirm: string;
  recorder: UseRecorderOptions;
  upload: (input: RecordingUpload, options: { onProgress: (p: UploadProgress) => void }) => Promise<unknown>;
  describeError: (error: unknown) => string;
  /** Audio saved with no network waits on the device and is sent when the network returns. */
  keepOffline: boolean;
}

/** The upload did not travel: no answer came (offline, or the browser knows it is). */
const didNotTravel = (error: unknown) => error instanceof ApiError && error.status === null;

const KINDS: Record<RecorderKind, RecorderDialogKind> = {
  audio: {
    title: 'Запись аудио',
    closeConfirm: 'Несохранённая запись будет потеряна. Закрыть?',
    recorder: { kind: 'audio', maxDuration: RECORDER_SCREEN_MAX_DURATION },
    upload: createAudio,
    describeError: audioSaveError,
    keepOffline: true,
  },
  video: {
    title: 'Запись видео',
    closeConfirm: 'Несохранённое видео будет потеряно. Закрыть?',
    recorder: {
      kind: 'video',
      maxDuration: RECORDER_SCREEN_MAX_DURATION,
      constraints: { video: true, audio: true },
    },
    upload: uploadVideo,
    describeError: videoSaveError,
    keepOffline: false,
  },
};

export interface RecorderDialogProps {
  kind: RecorderKind;
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
  const config = KINDS[kind];
  const [restoring, setRestoring] = useState(!!restoreSessionId);
  const [closing, setClosing] = useState(false);
  const recorder = useRecorder({ ...config.recorder, preview: kind === 'video' && !restoring && !closing });
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
      config.describeError,
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
