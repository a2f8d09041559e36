'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { audioDownloadLink, audioQueries, trimAudio, type AudioRecord } from '@/lib/api/audio';
import { trashQueries } from '@/lib/api/trash';
import type { TrimRequest } from '@/lib/contract/media';
import {
  useDeleteMediaItem,
  useMediaDownload,
  useRefreshMediaList,
  useRestoreMediaItem,
  useUpdateMediaItem,
  type MediaListKeys,
} from './use-media-mutations';

const keys: MediaListKeys = { all: audioQueries.all(), list: audioQueries.list().queryKey };

/** After a save the audio list refreshes at once and again after 1 s, and goes on re-reading while the new recording is processing. */
export function useRefreshAudioList() {
  return useRefreshMediaList(keys, { again: true });
}

export function useUpdateAudio() {
  return useUpdateMediaItem<AudioRecord>('audio', keys);
}

export function useDeleteAudio() {
  return useDeleteMediaItem<AudioRecord>('audio', keys);
}

export function useRestoreAudio() {
  return useRestoreMediaItem('audio', keys);
}

/** The MP3 through a signed link: the browser saves it straight to disk as «title.mp3». */
export function useDownloadAudio() {
  return useMediaDownload((record: Pick<AudioRecord, 'id'>) => audioDownloadLink(record));
}

/**
 * «Сохранить» of the trim: the answer (the record, processing) takes its place in the cached list at
 * once; the list re-reads itself until the cut is made, and the trash (where the untrimmed version
 * goes) is read afresh.
 */
export function useTrimAudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, part }: { id: number; part: TrimRequest }) => trimAudio(id, part),
    onSuccess: (record) => {
      queryClient.setQueryData<AudioRecord[]>(keys.list, (old) => old?.map((r) => (r.id === record.id ? record : r)));
      void queryClient.invalidateQueries({ queryKey: keys.all });
      void queryClient.invalidateQueries({ queryKey: trashQueries.all() });
    },
  });
}
