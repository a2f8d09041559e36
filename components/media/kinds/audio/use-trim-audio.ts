'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trimAudio, type AudioRecord } from '@/lib/api/audio';
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
