'use client';

import type { PhotoRecord } from '@/lib/api/photos';
import { photoUploadError } from '@/lib/errors';
import { useResumableUpload } from './use-resumable-upload';
import { useSnackbar } from './use-snackbar';
import { mediaUploadOptions, useUploadQueue, type MediaUploadHandlers } from './use-upload-queue';

/** Uploads chosen or dropped images (resumable), two at a time, each with its progress and its own error. */
export function usePhotoUploads(handlers: MediaUploadHandlers<PhotoRecord>) {
  const { showSuccess } = useSnackbar();
  return useUploadQueue<PhotoRecord>({
    ...mediaUploadOptions(handlers, 'image/', showSuccess),
    concurrency: 2,
    upload: useResumableUpload<PhotoRecord>('photo'),
    describeError: (error, file) => photoUploadError(error, file.name),
  });
}
