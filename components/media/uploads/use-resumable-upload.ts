'use client';

import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { uploadResumable } from '@/lib/api/resumable-upload';
import { userAtom } from '@/lib/auth/atoms';
import type { MediaKind } from '@/contract/media';
import { titleFromFileName } from '@/lib/media/uploads/upload-queue';

/**
 * The upload function of a media screen's queue: each file goes as a resumable upload of `kind`,
 * titled after its name, keyed to the signed-in user so that choosing it again after a reload goes on
 * where it stopped.
 */
export function useResumableUpload<T>(kind: MediaKind, fallbackTitle = '') {
  const owner = useAtomValue(userAtom)?.id ?? 0;
  return useCallback(
    (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) =>
      uploadResumable<T>(
        { kind, file, title: titleFromFileName(file.name) || fallbackTitle, owner },
        { onProgress: (p) => onProgress(p.fraction), signal },
      ),
    [kind, fallbackTitle, owner],
  );
}
