'use client';

import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the page is drawn from the exported HTML (the build's render and the browser's hydration of it),
 * true once its code runs; a component drawn later in the browser sees true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
