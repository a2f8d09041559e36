'use client';

import { videoDownloadLink, videoQueries, type VideoDownloadFormat, type VideoRecord } from '@/lib/api/video';
import {
  useDeleteMediaItem,
  useMediaDownload,
  useRefreshMediaList,
  useRestoreMediaItem,
  useUpdateMediaItem,
  type MediaListKeys,
} from './use-media-mutations';

const keys: MediaListKeys = { all: videoQueries.all(), list: videoQueries.list().queryKey };

/** After a save the video list is read once; it goes on re-reading while the video is processing. */
export function useRefreshVideoList() {
  return useRefreshMediaList(keys);
}

export function useUpdateVideo() {
  return useUpdateMediaItem<VideoRecord>('video', keys);
}

export function useDeleteVideo() {
  return useDeleteMediaItem<VideoRecord>('video', keys);
}

export function useRestoreVideo() {
  return useRestoreMediaItem('video', keys);
}

/** The MP4 or the original through a signed link: the browser saves it straight to disk, however large. */
export function useDownloadVideo() {
  return useMediaDownload(({ video, format }: { video: Pick<VideoRecord, 'id'>; format: VideoDownloadFormat }) =>
    videoDownloadLink(video, format),
  );
}
