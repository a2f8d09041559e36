'use client';

import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { deferredComponent } from '@/components/ui/lazy-screen';
import { Skeleton } from '@/components/ui/skeleton';
import { authStatusAtom } from '@/lib/auth/atoms';
import type { MediaKind } from '@/contract/media';
import { KIND_NAMES } from '@/lib/media/kind-names';
import { KINDS } from '@/lib/media/kind-paths';

/** A card's latest items while they load: a recorder's rows, or a grid of tiles. */
function LatestLoading({ kind }: { kind: MediaKind }) {
  if (KIND_NAMES[kind].skeleton.layout === 'rows') {
    return (
      <div className="flex flex-col">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="flex items-center gap-3 border-b border-line py-2.5 last:border-b-0">
            <Skeleton className="h-10 w-10 rounded-full touch:h-11 touch:w-11" />
            <div className="flex flex-1 flex-col gap-1.5">
              <Skeleton className={`h-4 ${i % 2 ? 'w-2/5' : 'w-3/5'}`} />
              <Skeleton className="h-3 w-28" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  const photos = kind === 'photo';
  return (
    <div className={`grid py-3 ${photos ? 'grid-cols-3 gap-1.5' : 'grid-cols-2 gap-2'}`}>
      {Array.from({ length: photos ? 6 : 2 }, (_, i) => (
        <Skeleton key={i} className={`w-full rounded-lg ${photos ? 'aspect-square' : 'aspect-video'}`} />
      ))}
    </div>
  );
}

/**
 * While the signed-in home's code and lists arrive — in the exported page, so from the first paint for a visitor with
 * a session: the home as it will stand (the greeting's place, the three cards with their names, rows and tiles).
 */
function HomeLoading() {
  return (
    <div className="flex flex-col gap-6" data-testid="home-skeleton">
      <div>
        <Skeleton className="h-8 w-64 sm:h-9" />
        <p className="mt-1 text-fg-muted">Ваши записи, фотографии и видео</p>
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-3" role="status" aria-label="Загрузка…">
        {KINDS.map((kind) => (
          <div key={kind} className="flex flex-col rounded-xl border border-line bg-surface shadow-card">
            <div className="flex items-start gap-3 p-4 pb-2">
              <Skeleton className="h-10 w-10 rounded-xl" />
              <div className="min-w-0 flex-1">
                <p className="text-lg font-semibold leading-tight text-fg">{KIND_NAMES[kind].label}</p>
                <Skeleton className="mt-1 h-4 w-24" />
              </div>
            </div>
            <div className="px-4">
              <LatestLoading kind={kind} />
            </div>
            <div className="flex items-center justify-between gap-2 border-t border-line p-3">
              <Skeleton className="h-10 w-40 touch:h-11" />
              <Skeleton className="h-4 w-20" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

// The signed-in home (the lists, the players, the recorder's launch) comes with the session: a guest's page does without it.
const SignedInHome = deferredComponent(() => import('./signed-in-home').then((m) => m.SignedInHome), <HomeLoading />);

/**
 * `/`: for a guest, `guest` (the spec's three cards and the prompt to sign in: a server component, drawn into the
 * exported page so it paints with the first bytes and costs the page no code); signed in, the same three cards filled with each section's quick action and latest
 * items. While a stored session is being checked the guest's part is held back (the `session` mark).
 */
export function HomePage({ guest }: { guest: ReactNode }) {
  const status = useAtomValue(authStatusAtom);
  return (
    <>
      {status !== 'authenticated' ? guest : null}
      {status === 'authenticated' ? (
        <SignedInHome />
      ) : (
        <div className="hidden session:block">
          <HomeLoading />
        </div>
      )}
    </>
  );
}
