'use client';

import type { VideoRecord } from '@/lib/api/video';
import { videoUploadError } from '@/lib/errors';
import { useResumableUpload } from './use-resumable-upload';
import { useSnackbar } from './use-snackbar';
import { mediaUploadOptions, useUploadQueue, type MediaUploadHandlers } from './use-upload-queue';

/** Uploads existing video files (resumable) one at a time (they are large), each with its progress and error. */
export function useVideoUploads(handlers: MediaUploadHandlers<VideoRecord>) {
  const { showSuccess } = useSnackbar();
  return useUploadQueue<VideoRecord>({
    ...mediaUploadOptions(handlers, 'video/', showSuccess),
    concurrency: 1,
    upload: useResumableUpload<VideoRecord>('video', 'Видео'),
    describeError: (error, file) => videoUploadError(error, file.name),
  });
}
