'use client';

import { useQuery } from '@tanstack/react-query';
import { audioQueries } from '@/lib/api/audio';
import { pollWhileProcessing } from '@/lib/media/lists/processing';

/** The user's recordings (GET /api/media/audio/); re-polls while some record is still processing. */
export function useAudioList() {
  return useQuery({ ...audioQueries.list(), refetchInterval: pollWhileProcessing });
}
