'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { useState, type ReactNode } from 'react';
import { appStore } from '@/lib/store';

/** The admin area's query cache (its own: nothing of the app's is kept here). */
export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 10_000, retry: 1, refetchOnWindowFocus: true } } }),
  );
  return (
    // The shared store: the snackbars and the «Подтвердите вход» request (lib/auth/reauth) live in it.
    <JotaiProvider store={appStore}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </JotaiProvider>
  );
}
