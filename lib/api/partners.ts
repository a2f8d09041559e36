import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Partner, PartnerCreate } from '@/contract/household';

/**
 * Partner sharing (contract/household.ts): who I show my photos and videos to, and who shows me theirs. Plain
 * requests, one per operation, and their query.
 */
export type { Partner, PartnerCreate };

/** GET /api/partners/: both ways, those I show mine to first. */
export const listPartners = () => api.get('partners/').json<Partner[]>();

/** POST /api/partners/ → the partnership (201 made, 200 when it existed and `include_audio` changed). */
export const sharePartner = (input: PartnerCreate) => api.post('partners/', { json: input }).json<Partner>();

/** DELETE /api/partners/{user_id}/?direction=…: ends what I show them, or what they show me. */
export async function endPartner(userId: number, direction: Partner['direction']): Promise<void> {
  await api.delete(`partners/${userId}/`, { searchParams: { direction } });
}

export const partnerQueries = {
  all: () => ['partners'] as const,
  list: () => queryOptions({ queryKey: [...partnerQueries.all(), 'list'] as const, queryFn: listPartners }),
};
