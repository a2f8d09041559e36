'use client';

import { usePathname } from 'next/navigation';
import { ScreenLoading } from '@/components/ui/lazy-screen';
import { KindScreenSkeleton } from '@/components/ui/screen-skeleton';
import { KIND_NAMES } from '@/lib/media/kind-names';
import { KINDS } from '@/lib/media/kind-paths';

const samePath = (href: string, path: string | null) => path === href || path === `${href}/`;

/**
 * What a signed-in page shows while the sign-in is checked (and, from the exported page, from its first paint): a
 * kind's screen draws its skeleton — its heading, its toolbar's blocks, grey rows in its list's shape — and any
 * other page the spinner.
 */
export function RouteLoading() {
  const path = usePathname();
  const kind = KINDS.find((k) => samePath(KIND_NAMES[k].href, path));
  return kind ? <KindScreenSkeleton kind={kind} /> : <ScreenLoading />;
}
