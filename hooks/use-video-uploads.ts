'use client';

import { uploadVideo, type VideoRecord } from '@/lib/api/video';
import { videoUploadError } from '@/lib/errors';
import { titleFromFileName } from '@/lib/media/upload-queue';
import { useSnackbar } from './use-snackbar';
import { mediaUploadOptions, useUploadQueue, type MediaUploadHandlers } from './use-upload-queue';

/** Uploads existing video files one at a time (they are large), each with its progress and error. */
export function useVideoUploads(handlers: MediaUploadHandlers<VideoRecord>) {
  const { showSuccess } = useSnackbar();
  return useUploadQueue<VideoRecord>({
    ...mediaUploadOptions(handlers, 'video/', showSuccess),
    concurrency: 1,
    upload: (file, onProgress, signal) =>
      uploadVideo(
        { file, fileName: file.name, title: titleFromFileName(file.name) || 'Видео' },
        { onProgress: (p) => onProgress(p.fraction), signal },
      ),
    describeError: (error, file) => videoUploadError(error, file.name),
  });
}
