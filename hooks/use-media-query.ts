'use client';

import { useCallback, useSyncExternalStore } from 'react';

const listOf = (query: string) => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : null);

/**
 * Whether a CSS media query holds now, followed as it changes (a window turned or resized). For what cannot be done
 * with classes alone (one control drawn in one of two places); false where there is no window (or no matchMedia).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = listOf(query);
      list?.addEventListener('change', changed);
      return () => list?.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => listOf(query)?.matches ?? false,
    () => false,
  );
}
