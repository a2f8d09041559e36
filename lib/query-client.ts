import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one QueryClient: a static single-page app has one per page load. <Providers> hands it to React;
 * a screen's list can be asked for through it before the screen has drawn (prefetchWhenSignedIn).
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5_000 } },
});
