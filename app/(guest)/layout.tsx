'use client';

import type { ReactNode } from 'react';
import { RouteGuard } from '@/components/shell/route-guard';

/** Guest only: a logged-in visitor is sent to /. */
export default function GuestLayout({ children }: { children: ReactNode }) {
  return <RouteGuard mode="guest">{children}</RouteGuard>;
}
