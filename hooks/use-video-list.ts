'use client';

import { useQuery } from '@tanstack/react-query';
import { videoQueries } from '@/lib/api/video';
import { pollWhileProcessing } from '@/lib/media/lists/processing';

/** The user's videos (GET /api/media/video/); re-polls while any is processing. */
export function useVideoList() {
  return useQuery({ ...videoQueries.list(), refetchInterval: pollWhileProcessing });
}
