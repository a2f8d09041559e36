'use client';

import { audioDownloadLink, audioQueries, type AudioRecord } from '@/lib/api/audio';
import {
  useDeleteMediaItem,
  useMediaDownload,
  useRefreshMediaList,
  useRestoreMediaItem,
  useUpdateMediaItem,
  type MediaListKeys,
} from './use-media-mutations';

const keys: MediaListKeys = { all: audioQueries.all(), list: audioQueries.list().queryKey };

/** After a save the audio list is read once; it goes on re-reading while the new recording is processing. */
export function useRefreshAudioList() {
  return useRefreshMediaList(keys);
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
