'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { trimAudio, undoTrim, type AudioRecord, type UntrimmedFrom } from '@/lib/api/audio';
import { trashQueries } from '@/lib/api/trash';
import type { TrimRequest } from '@/contract/media';
import { MEDIA_KINDS } from '@/lib/media/kinds';

/**
 * «Сохранить» of the trim: the answer (the record, processing) takes its place in the cached list at
 * once; the list re-reads itself until the cut is made, and the trash (where the untrimmed version
 * goes) is read afresh.
 */
export function useTrimAudio() {
  const queryClient = useQueryClient();
  const { queries } = MEDIA_KINDS.audio;
  return useMutation({
    mutationFn: ({ id, part }: { id: number; part: TrimRequest }) => trimAudio(id, part),
    onSuccess: (record) => {
      queryClient.setQueryData<AudioRecord[]>(queries.list().queryKey, (old) => old?.map((r) => (r.id === record.id ? record : r)));
      void queryClient.invalidateQueries({ queryKey: queries.all() });
      void queryClient.invalidateQueries({ queryKey: trashQueries.all() });
    },
  });
}

/**
 * The trim's «Отменить» (lib/api/audio.ts, undoTrim): the untrimmed recording back, the cut one in the trash; every
 * list re-read before it resolves (to the restored recording's id). A plain function rather than a mutation: it is
 * run from a snackbar, when the row that trimmed may have gone from the screen.
 */
export function useUndoTrim(): (from: UntrimmedFrom) => Promise<number> {
  const queryClient = useQueryClient();
  return useCallback(
    async (from: UntrimmedFrom) => {
      const { queries } = MEDIA_KINDS.audio;
      const reread = () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: queries.all() }),
          queryClient.invalidateQueries({ queryKey: trashQueries.all() }),
        ]);
      try {
        return await undoTrim(from);
      } finally {
        await reread();
      }
    },
    [queryClient],
  );
}
