'use client';

import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { MediaKind } from '@/contract/media';
import { partnerQueries } from '@/lib/api/partners';

/** Where the choice to hide the partners' items is kept, in this browser: `0` hidden; anything else, shown. */
export const PARTNERS_SHOWN_KEY = 'partners-shown';

const readShown = (): boolean => {
  try {
    return typeof window === 'undefined' || window.localStorage.getItem(PARTNERS_SHOWN_KEY) !== '0';
  } catch {
    return true;
  }
};

/**
 * Whether a kind's screen shows the partners' items beside mine: `available` when someone shows me theirs of that
 * kind (recordings only where they chose to), `shown` the switch (on unless turned off here), and `withPartners`,
 * what the lists ask for. Without partners nothing changes: the lists are asked for as before.
 */
export function usePartnersShown(kind: MediaKind) {
  const partners = useQuery({ ...partnerQueries.list(), staleTime: 60_000 });
  const sharers = (partners.data ?? []).filter((p) => p.direction === 'shared_with_me' && (kind !== 'audio' || p.include_audio));
  const [shown, setShownState] = useState(readShown);
  const setShown = useCallback((next: boolean) => {
    try {
      window.localStorage.setItem(PARTNERS_SHOWN_KEY, next ? '1' : '0');
    } catch {
      // A browser that keeps nothing: the choice lasts as long as the screen.
    }
    setShownState(next);
  }, []);
  const available = sharers.length > 0;
  return { available, shown, setShown, sharers, withPartners: available && shown };
}
