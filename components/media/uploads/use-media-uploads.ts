'use client';

import type { MediaKind, MediaRecord } from '@/contract/media';
import { MEDIA_KINDS, uploadedMessage } from '@/lib/media/kinds';
import { useResumableUpload } from './use-resumable-upload';
import { useSnackbar } from '@/hooks/use-snackbar';
import { useUploadQueue } from './use-upload-queue';

/**
 * Uploads the files chosen or dropped for a kind (resumable), as many at a time as the kind allows, each with
 * its progress and its own error; a file of another type gets its refusal without being sent. Once a pick or
 * drop has finished, the snackbar says how many were stored.
 */
export function useMediaUploads<K extends MediaKind>(kind: K, { onUploaded }: { onUploaded?: (record: MediaRecord<K>) => void } = {}) {
  const { showSuccess } = useSnackbar();
  const entry = MEDIA_KINDS[kind];
  return useUploadQueue<MediaRecord<K>>({
    accept: { prefix: entry.accept.mime, refusal: (file) => entry.text.notOfKind(file.name) },
    onUploaded,
    onBatchDone: ({ succeeded }) => {
      const message = uploadedMessage(kind, succeeded);
      if (message) showSuccess(message);
    },
    concurrency: entry.uploadConcurrency,
    upload: useResumableUpload<MediaRecord<K>>(kind, entry.untitled),
    describeError: (error, file) => entry.uploadError(error, file.name),
  });
}
