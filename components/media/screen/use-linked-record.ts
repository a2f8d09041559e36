'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';

/**
 * What a link to a media screen asks for: the record it names (`/photos?id=12`, see keptRecordHref), or the
 * recorder (`/audio?record=1`, the bottom bar's «Записать» and the home's quick actions), or the list's «Избранное»
 * (`/photos?favorite=1`, from the home's «Избранное»); `done` drops it from
 * the address once the screen has done it (so closing the viewer or the recorder does not open it again).
 */
export function useLinkedRecord(): { id: number | null; record: boolean; favorite: boolean; done: () => void } {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const raw = params.get('id');
  const id = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const done = useCallback(() => router.replace(pathname), [router, pathname]);
  return { id, record: params.get('record') === '1', favorite: params.get('favorite') === '1', done };
}
