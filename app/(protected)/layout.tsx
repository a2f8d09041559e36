'use client';

import type { ReactNode } from 'react';
import { RouteGuard } from '@/components/shell/route-guard';

/** Login required: a guest is sent to /login. */
export default function ProtectedLayout({ children }: { children: ReactNode }) {
  return <RouteGuard mode="protected">{children}</RouteGuard>;
}
