'use client';

import { useAtomValue } from 'jotai';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, type ReactNode } from 'react';
import { authStatusAtom } from '@/lib/auth/atoms';
import { ScreenLoading } from '@/components/ui/lazy-screen';
import { PageSkeleton } from './page-skeleton';

/**
 * `protected` pages render once the visitor is known to be signed in and send guests to /login; until then, the
 * page's skeleton (a kind's screen) or the spinner, drawn into the exported page, so it is the first paint. `guest` pages
 * (the sign-in forms) are drawn at once — into the exported page too, so they paint with its first bytes — and
 * send a signed-in visitor to /; while a stored session is being checked (the `session` mark) they wait behind
 * the spinner instead of flashing a form at someone who is signed in.
 */
export function RouteGuard({ mode, children }: { mode: 'protected' | 'guest'; children: ReactNode }) {
  const status = useAtomValue(authStatusAtom);
  const router = useRouter();
  const pathname = usePathname() ?? '/';

  useEffect(() => {
    if (status === 'unknown') return;
    if (mode === 'protected' && status === 'guest') router.replace('/login');
    if (mode === 'guest' && status === 'authenticated') router.replace('/');
  }, [mode, status, router]);

  if (mode === 'protected') return status === 'authenticated' ? <>{children}</> : <PageSkeleton pathname={pathname} />;
  if (status === 'authenticated') return <ScreenLoading />;
  return (
    <>
      <div className="session:hidden">{children}</div>
      <div className="hidden session:block">
        <ScreenLoading />
      </div>
    </>
  );
}
