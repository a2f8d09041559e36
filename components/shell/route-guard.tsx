'use client';

import { useAtomValue } from 'jotai';
import { useRouter } from 'next/navigation';
import { useEffect, type ReactNode } from 'react';
import { authStatusAtom } from '@/lib/auth/atoms';
import { ScreenLoading } from '@/components/ui/lazy-screen';

/**
 * Renders children only once the auth state is known and allowed: `protected` pages send guests
 * to /login, `guest` pages send logged-in users to /.
 */
export function RouteGuard({ mode, children }: { mode: 'protected' | 'guest'; children: ReactNode }) {
  const status = useAtomValue(authStatusAtom);
  const router = useRouter();
  const allowed = mode === 'protected' ? status === 'authenticated' : status === 'guest';

  useEffect(() => {
    if (status === 'unknown') return;
    if (mode === 'protected' && status === 'guest') router.replace('/login');
    if (mode === 'guest' && status === 'authenticated') router.replace('/');
  }, [mode, status, router]);

  if (!allowed) return <ScreenLoading />;
  return <>{children}</>;
}
