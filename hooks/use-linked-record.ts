'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';

/**
 * The record a link to a media screen names (`/photos?id=12`, see keptRecordHref), and `done` to drop
 * it from the address once the screen has shown it (so closing the viewer does not open it again).
 */
export function useLinkedRecord(): { id: number | null; done: () => void } {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const raw = params.get('id');
  const id = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const done = useCallback(() => router.replace(pathname), [router, pathname]);
  return { id, done };
}
