'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { retryMedia, type MediaKind } from '@/lib/api/media';
import { mediaQueries } from '@/lib/api/media-list';

/**
 * «Повторить» on a record whose processing failed: the answer (processing again) takes its place in
 * the cached list at once, and the list re-reads itself until the record is done.
 */
export function useRetryProcessing(kind: MediaKind) {
  const queryClient = useQueryClient();
  const queries = mediaQueries<{ id: number }>(kind);
  return useMutation({
    mutationFn: (id: number) => retryMedia<{ id: number }>(kind, id),
    onSuccess: (record) => {
      queryClient.setQueryData(queries.list().queryKey, (old) => old?.map((r) => (r.id === record.id ? { ...r, ...record } : r)));
      void queryClient.invalidateQueries({ queryKey: queries.all() });
    },
  });
}
