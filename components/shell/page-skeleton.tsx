import { ScreenLoading } from '@/components/ui/lazy-screen';
import { KindScreenSkeleton } from '@/components/ui/screen-skeleton';
import { KIND_NAMES } from '@/lib/media/kind-names';
import { KINDS } from '@/lib/media/kind-paths';

/**
 * What a signed-in page shows before it can draw itself — in the exported page, so from the first paint: a kind's
 * screen its skeleton (heading, tools, list), any other page the spinner.
 */
export function PageSkeleton({ pathname }: { pathname: string }) {
  const path = pathname.replace(/\/+$/, '') || '/';
  const kind = KINDS.find((k) => KIND_NAMES[k].href === path);
  return kind ? <KindScreenSkeleton kind={kind} /> : <ScreenLoading />;
}
