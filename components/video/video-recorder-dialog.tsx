'use client';

import { useEffect, useRef, useState } from 'react';
import { AppDialog } from '@/components/ui/app-dialog';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useRecorder } from '@/hooks/use-recorder';
import { uploadVideo, videoSaveErrorMessage } from '@/lib/api/video';
import { hasUnsavedRecording } from '@/lib/media/recorder-machine';
import type { VideoDetails } from '@/lib/schemas/video';
import { VideoRecorder } from './video-recorder';

/** Same limit as the audio screen: five minutes. */
export const VIDEO_MAX_DURATION = 300;
/** VP8 first: cheaper to encode than VP9 on small machines, and the server makes the MP4 anyway. */
export const VIDEO_RECORDER_MIME_PREFERENCES = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'] as const;
export const VIDEO_CLOSE_CONFIRM = 'Несохранённое видео будет потеряно. Закрыть?';

export interface VideoRecorderDialogProps {
  onClose: () => void;
  onSaved: () => void;
  restoreSessionId?: string | null;
}

/** The persistent 800 px camera recorder; chunks go to IndexedDB as they come, so a crash loses nothing. */
export function VideoRecorderDialog({ onClose, onSaved, restoreSessionId }: VideoRecorderDialogProps) {
  const recorder = useRecorder({
    kind: 'video',
    maxDuration: VIDEO_MAX_DURATION,
    constraints: { video: true, audio: true },
    mimePreferences: VIDEO_RECORDER_MIME_PREFERENCES,
  });
  const [confirmOpen, setConfirmOpen] = useState(false);
  const restoredRef = useRef<string | null>(null);
  const { restore } = recorder;

  useEffect(() => {
    if (!restoreSessionId || restoredRef.current === restoreSessionId) return;
    restoredRef.current = restoreSessionId;
    void restore(restoreSessionId);
  }, [restoreSessionId, restore]);

  const requestClose = () => {
    if (recorder.state.status === 'saving') return;
    if (hasUnsavedRecording(recorder.state)) setConfirmOpen(true);
    else onClose();
  };

  const confirmClose = async () => {
    setConfirmOpen(false);
    await recorder.discard();
    onClose();
  };

  const save = async (details: VideoDetails) => {
    const ok = await recorder.save(
      details,
      (input, onProgress) =>
        uploadVideo(
          { file: input.file, fileName: input.fileName, title: input.title, description: input.description },
          { onProgress: (p) => onProgress(p.fraction) },
        ),
      videoSaveErrorMessage,
    );
    if (ok) {
      onSaved();
      onClose();
    }
  };

  return (
    <>
      <AppDialog open onClose={requestClose} onRequestClose={requestClose} static title="Запись видео" width={800}>
        <VideoRecorder recorder={recorder} onSave={(d) => void save(d)} />
      </AppDialog>
      <ConfirmDialog
        open={confirmOpen}
        title="Закрыть запись?"
        message={VIDEO_CLOSE_CONFIRM}
        confirmLabel="Закрыть без сохранения"
        cancelLabel="Продолжить"
        onConfirm={() => void confirmClose()}
        onCancel={() => setConfirmOpen(false)}
      />
    </>
  );
}
