'use client';

import { useQuery } from '@tanstack/react-query';
import { audioQueries } from '@/lib/api/audio';

/** The user's recordings (GET /api/media/audio/); re-polls while some record is still processing. */
export function useAudioList() {
  return useQuery({
    ...audioQueries.list(),
    refetchInterval: (query) => (query.state.data?.some((r) => r.status === 'processing') ? 3_000 : false),
  });
}
