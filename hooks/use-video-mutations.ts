'use client';

import { downloadVideo, videoQueries, type VideoDownloadFormat, type VideoRecord } from '@/lib/api/video';
import { useDeleteMediaItem, useMediaDownload, useRefreshMediaList, useUpdateMediaItem, type MediaListKeys } from './use-media-mutations';

const keys: MediaListKeys = { all: videoQueries.all(), list: videoQueries.list().queryKey };

/** After a save the video list refreshes at once and again after 1 s, as the audio list does. */
export function useRefreshVideoList() {
  return useRefreshMediaList(keys, { again: true });
}

export function useUpdateVideo() {
  return useUpdateMediaItem<VideoRecord>('video', keys);
}

export function useDeleteVideo() {
  return useDeleteMediaItem<VideoRecord>('video', keys);
}

export function useDownloadVideo() {
  return useMediaDownload(
    ({ video, format }: { video: Pick<VideoRecord, 'id' | 'title' | 'download_url' | 'mime_type'>; format: VideoDownloadFormat }) =>
      downloadVideo(video, format),
  );
}
