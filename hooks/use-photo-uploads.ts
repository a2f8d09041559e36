'use client';

import { uploadPhoto, type PhotoRecord } from '@/lib/api/photos';
import { photoUploadError } from '@/lib/errors';
import { titleFromFileName } from '@/lib/media/upload-queue';
import { useSnackbar } from './use-snackbar';
import { mediaUploadOptions, useUploadQueue, type MediaUploadHandlers } from './use-upload-queue';

/** Uploads chosen or dropped images, two at a time, each with its progress and its own error. */
export function usePhotoUploads(handlers: MediaUploadHandlers<PhotoRecord>) {
  const { showSuccess } = useSnackbar();
  return useUploadQueue<PhotoRecord>({
    ...mediaUploadOptions(handlers, 'image/', showSuccess),
    concurrency: 2,
    upload: (file, onProgress, signal) =>
      uploadPhoto({ file, title: titleFromFileName(file.name) }, { onProgress: (p) => onProgress(p.fraction), signal }),
    describeError: (error, file) => photoUploadError(error, file.name),
  });
}
