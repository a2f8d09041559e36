'use client';

import { useQuery } from '@tanstack/react-query';
import { videoQueries, type VideoRecord } from '@/lib/api/video';

/** Poll this often while a video is still being converted (status 'processing'). */
export const VIDEO_POLL_MS = 2_000;

export const isProcessing = (videos: readonly VideoRecord[] | undefined) => !!videos?.some((v) => v.status === 'processing');

/** The user's videos (GET /api/media/video/); re-polls every 2 s while any is processing. */
export function useVideoList() {
  return useQuery({
    ...videoQueries.list(),
    refetchInterval: (query) => (isProcessing(query.state.data) ? VIDEO_POLL_MS : false),
  });
}
