'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endPartner, partnerQueries, sharePartner, type Partner, type PartnerCreate } from '@/lib/api/partners';

/** Partners both ways: those I show my photos and videos to, and those who show me theirs. */
export const usePartners = () => useQuery(partnerQueries.list());

/**
 * After a partnership begins, changes or ends, the partners re-read, and so do the media lists: a timeline that
 * showed someone's items shows them no more (or now does).
 */
function usePartnersChange<V, R>(request: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: partnerQueries.all() });
      void queryClient.invalidateQueries({ queryKey: ['media'] });
    },
  });
}

export const useSharePartner = () => usePartnersChange((input: PartnerCreate) => sharePartner(input));
export const useEndPartner = () =>
  usePartnersChange(({ userId, direction }: { userId: number; direction: Partner['direction'] }) => endPartner(userId, direction));
