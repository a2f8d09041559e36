'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import {
  audioQueries,
  createAudio,
  deleteMedia,
  downloadAudio,
  updateMedia,
  type AudioRecord,
  type CreateAudioInput,
  type MediaDetails,
} from '@/lib/api/media';
import { saveBlob } from '@/lib/media/save-blob';

/** Invalidates the audio list now and again after 1 s (spec §4: the list refreshes at once and after 1 s). */
export function useRefreshAudioList() {
  const queryClient = useQueryClient();
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: audioQueries.all() });
    timers.current.push(setTimeout(() => void queryClient.invalidateQueries({ queryKey: audioQueries.all() }), 1_000));
  }, [queryClient]);
}

export function useCreateAudio() {
  return useMutation({
    mutationFn: ({ input, onProgress }: { input: CreateAudioInput; onProgress?: (fraction: number) => void }) =>
      createAudio(input, { onProgress: onProgress ? (p) => onProgress(p.fraction) : undefined }),
  });
}

export function useUpdateAudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: number; data: MediaDetails }) => updateMedia('audio', id, data),
    onSuccess: (details, { id }) => {
      // Show the new text at once, then re-read from the server.
      queryClient.setQueryData<AudioRecord[]>(audioQueries.list().queryKey, (old) =>
        old?.map((r) => (r.id === id ? { ...r, ...details } : r)),
      );
      void queryClient.invalidateQueries({ queryKey: audioQueries.all() });
    },
  });
}

export function useDeleteAudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteMedia('audio', id),
    onSuccess: (_v, id) => {
      queryClient.setQueryData<AudioRecord[]>(audioQueries.list().queryKey, (old) => old?.filter((r) => r.id !== id));
      void queryClient.invalidateQueries({ queryKey: audioQueries.all() });
    },
  });
}

/** Fetches the MP3 with the bearer and hands it to the browser under the server's file name. */
export function useDownloadAudio() {
  return useMutation({
    mutationFn: async (record: Pick<AudioRecord, 'id' | 'title' | 'download_url'>) => {
      const { blob, filename } = await downloadAudio(record);
      saveBlob(blob, filename);
      return filename;
    },
  });
}
