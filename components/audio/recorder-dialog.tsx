'use client';

import { useEffect, useRef, useState } from 'react';
import { AppDialog } from '@/components/ui/app-dialog';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useRecorder } from '@/hooks/use-recorder';
import { createAudio, saveErrorMessage } from '@/lib/api/media';
import { hasUnsavedRecording } from '@/lib/media/recorder-machine';
import type { AudioDetails } from '@/lib/schemas/audio';
import { Recorder } from './recorder';

/** Spec §9: 300 s on the audio screen (the recorder's own default is 3600 s). */
export const AUDIO_SCREEN_MAX_DURATION = 300;
export const CLOSE_CONFIRM_MESSAGE = 'Несохранённая запись будет потеряна. Закрыть?';

export interface RecorderDialogProps {
  onClose: () => void;
  /** Called once the recording is stored on the server. */
  onSaved: () => void;
  /** An unsaved IndexedDB session to load into the recorder (the 'Восстановить' offer). */
  restoreSessionId?: string | null;
}

/** The persistent 800 px recorder dialog: mounted while open, so each opening starts fresh. */
export function RecorderDialog({ onClose, onSaved, restoreSessionId }: RecorderDialogProps) {
  const recorder = useRecorder({ kind: 'audio', maxDuration: AUDIO_SCREEN_MAX_DURATION });
  const [confirmOpen, setConfirmOpen] = useState(false);
  const restoredRef = useRef<string | null>(null);
  const { restore } = recorder;

  useEffect(() => {
    if (!restoreSessionId || restoredRef.current === restoreSessionId) return;
    restoredRef.current = restoreSessionId;
    void restore(restoreSessionId);
  }, [restoreSessionId, restore]);

  const requestClose = () => {
    const { status } = recorder.state;
    if (status === 'saving') return; // the upload finishes first
    if (hasUnsavedRecording(recorder.state)) setConfirmOpen(true);
    else onClose();
  };

  const confirmClose = async () => {
    setConfirmOpen(false);
    await recorder.discard();
    onClose();
  };

  const save = async (details: AudioDetails) => {
    const ok = await recorder.save(
      details,
      (input, onProgress) =>
        createAudio(
          { file: input.file, fileName: input.fileName, title: input.title, description: input.description },
          { onProgress: (p) => onProgress(p.fraction) },
        ),
      saveErrorMessage,
    );
    if (ok) {
      onSaved();
      onClose();
    }
  };

  return (
    <>
      <AppDialog open onClose={requestClose} onRequestClose={requestClose} static title="Запись аудио" width={800}>
        <Recorder recorder={recorder} onSave={(d) => void save(d)} />
      </AppDialog>
      <ConfirmDialog
        open={confirmOpen}
        title="Закрыть запись?"
        message={CLOSE_CONFIRM_MESSAGE}
        confirmLabel="Закрыть без сохранения"
        cancelLabel="Продолжить"
        onConfirm={() => void confirmClose()}
        onCancel={() => setConfirmOpen(false)}
      />
    </>
  );
}
