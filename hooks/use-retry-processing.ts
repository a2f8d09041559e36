'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { audioQueries } from '@/lib/api/audio';
import { retryMedia, type MediaKind } from '@/lib/api/media';
import { photoQueries } from '@/lib/api/photos';
import { videoQueries } from '@/lib/api/video';

const LIST_KEYS = {
  audio: { all: audioQueries.all(), list: audioQueries.list().queryKey },
  photo: { all: photoQueries.all(), list: photoQueries.list().queryKey },
  video: { all: videoQueries.all(), list: videoQueries.list().queryKey },
} as const;

/**
 * «Повторить» on a record whose processing failed: the answer (processing again) takes its place in
 * the cached list at once, and the list re-reads itself until the record is done.
 */
export function useRetryProcessing(kind: MediaKind) {
  const queryClient = useQueryClient();
  const keys = LIST_KEYS[kind];
  return useMutation({
    mutationFn: (id: number) => retryMedia<{ id: number }>(kind, id),
    onSuccess: (record) => {
      queryClient.setQueryData<{ id: number }[]>(keys.list, (old) => old?.map((r) => (r.id === record.id ? { ...r, ...record } : r)));
      void queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });
}
