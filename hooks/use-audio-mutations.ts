'use client';

import { audioQueries, downloadAudio, type AudioRecord } from '@/lib/api/audio';
import { useDeleteMediaItem, useMediaDownload, useRefreshMediaList, useUpdateMediaItem, type MediaListKeys } from './use-media-mutations';

const keys: MediaListKeys = { all: audioQueries.all(), list: audioQueries.list().queryKey };

/** After a save the audio list refreshes at once and again after 1 s. */
export function useRefreshAudioList() {
  return useRefreshMediaList(keys, { again: true });
}

export function useUpdateAudio() {
  return useUpdateMediaItem<AudioRecord>('audio', keys);
}

export function useDeleteAudio() {
  return useDeleteMediaItem<AudioRecord>('audio', keys);
}

/** Fetches the MP3 with the bearer and hands it to the browser under the server's file name. */
export function useDownloadAudio() {
  return useMediaDownload((record: Pick<AudioRecord, 'id' | 'title' | 'download_url'>) => downloadAudio(record));
}
