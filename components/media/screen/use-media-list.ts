'use client';

import { useQuery } from '@tanstack/react-query';
import type { MediaKind } from '@/contract/media';
import { MEDIA_KINDS } from '@/lib/media/kinds';
import { pollWhileProcessing } from '@/lib/media/lists/processing';

/**
 * A kind's items (GET /api/media/{kind}/); the list re-reads itself while one of them is still processing.
 * `enabled: false` while the screen reads its timeline a month at a time instead.
 */
export function useMediaList<K extends MediaKind>(kind: K, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...MEDIA_KINDS[kind].queries.list(), refetchInterval: pollWhileProcessing, enabled });
}
