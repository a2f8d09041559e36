'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { deleteMedia, updateMedia, type MediaDetails } from '@/lib/api/media';
import { downloadVideo, videoQueries, type VideoDownloadFormat, type VideoRecord } from '@/lib/api/video';
import { saveBlob } from '@/lib/media/save-blob';

/** Invalidates the video list now and again after 1 s (as the audio list after a save, spec §4). */
export function useRefreshVideoList() {
  const queryClient = useQueryClient();
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: videoQueries.all() });
    timers.current.push(setTimeout(() => void queryClient.invalidateQueries({ queryKey: videoQueries.all() }), 1_000));
  }, [queryClient]);
}

export function useUpdateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: number; data: MediaDetails }) => updateMedia('video', id, data),
    onSuccess: (details, { id }) => {
      queryClient.setQueryData<VideoRecord[]>(videoQueries.list().queryKey, (old) => old?.map((v) => (v.id === id ? { ...v, ...details } : v)));
      void queryClient.invalidateQueries({ queryKey: videoQueries.all() });
    },
  });
}

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteMedia('video', id),
    onSuccess: (_v, id) => {
      queryClient.setQueryData<VideoRecord[]>(videoQueries.list().queryKey, (old) => old?.filter((v) => v.id !== id));
      void queryClient.invalidateQueries({ queryKey: videoQueries.all() });
    },
  });
}

export function useDownloadVideo() {
  return useMutation({
    mutationFn: async ({ video, format }: { video: Pick<VideoRecord, 'id' | 'title' | 'download_url' | 'mime_type'>; format: VideoDownloadFormat }) => {
      const { blob, filename } = await downloadVideo(video, format);
      saveBlob(blob, filename);
      return filename;
    },
  });
}
