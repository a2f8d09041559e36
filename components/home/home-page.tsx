'use client';

import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { deferredComponent } from '@/components/ui/lazy-screen';
import { Skeleton } from '@/components/ui/skeleton';
import { authStatusAtom } from '@/lib/auth/atoms';

/** While the signed-in home's code and lists arrive: its three cards' frames. */
function HomeLoading() {
  return (
    <div className="flex flex-col gap-6" aria-hidden="true">
      <Skeleton className="h-8 w-64" />
      <div className="grid gap-4 lg:grid-cols-3">
        <Skeleton className="h-72 rounded-xl" />
        <Skeleton className="h-72 rounded-xl" />
        <Skeleton className="h-72 rounded-xl" />
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
