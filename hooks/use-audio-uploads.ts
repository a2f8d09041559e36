'use client';

import type { AudioRecord } from '@/lib/api/audio';
import { audioUploadError } from '@/lib/errors';
import { useResumableUpload } from './use-resumable-upload';
import { useSnackbar } from './use-snackbar';
import { mediaUploadOptions, useUploadQueue, type MediaUploadHandlers } from './use-upload-queue';

/** Uploads chosen or dropped audio files (resumable), two at a time, each with its progress and its own error. */
export function useAudioUploads(handlers: MediaUploadHandlers<AudioRecord>) {
  const { showSuccess } = useSnackbar();
  return useUploadQueue<AudioRecord>({
    ...mediaUploadOptions(handlers, 'audio/', showSuccess),
    concurrency: 2,
    upload: useResumableUpload<AudioRecord>('audio', 'Аудиозапись'),
    describeError: (error, file) => audioUploadError(error, file.name),
  });
}
