'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { RecentSignInProvider } from '../components/recent-sign-in';

/** The admin area's query cache (its own: nothing of the app's is kept here). */
export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 10_000, retry: 1, refetchOnWindowFocus: true } } }),
  );
  return (
    <QueryClientProvider client={client}>
      <RecentSignInProvider>{children}</RecentSignInProvider>
    </QueryClientProvider>
  );
}
