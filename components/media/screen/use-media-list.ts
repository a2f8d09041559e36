'use client';

import { useQuery } from '@tanstack/react-query';
import type { MediaKind } from '@/contract/media';
import { MEDIA_KINDS } from '@/lib/media/kinds';
import { pollWhileProcessing } from '@/lib/media/lists/processing';

/**
 * A kind's items (GET /api/media/{kind}/); the list re-reads itself while one of them is still processing.
 * `enabled: false` while the screen reads its timeline a month at a time instead; `withPartners`: the partners'
 * items beside mine (?with_partners=1).
 */
export function useMediaList<K extends MediaKind>(
  kind: K,
  { enabled = true, withPartners = false }: { enabled?: boolean; withPartners?: boolean } = {},
) {
  const { queries } = MEDIA_KINDS[kind];
  const list = queries.list();
  // The same records either way, under a key of its own: typed as the list is.
  const asked = withPartners ? (queries.listWithPartners() as unknown as typeof list) : list;
  return useQuery({ ...asked, refetchInterval: pollWhileProcessing, enabled });
}
