'use client';

import { useQuery } from '@tanstack/react-query';
import type { MediaKind } from '@/lib/contract/media';
import { MEDIA_KINDS } from '@/lib/media/kinds';
import { pollWhileProcessing } from '@/lib/media/lists/processing';

/** A kind's items (GET /api/media/{kind}/); the list re-reads itself while one of them is still processing. */
export function useMediaList<K extends MediaKind>(kind: K) {
  return useQuery({ ...MEDIA_KINDS[kind].queries.list(), refetchInterval: pollWhileProcessing });
}
