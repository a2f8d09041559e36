import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { appStore } from '@/lib/store';
import { accessTokenAtom, authStatusAtom } from './atoms';

/**
 * Starts `prefetch` once, as early as the page load's sign-in check allows, if the page is still under `path`:
 * when the check puts the stored access token in place and asks for the profile (the list request then travels
 * beside the profile's, carrying the same bearer; a stale token is refreshed once for both, as for any two
 * requests), or at the latest when the check ends signed in. A screen's list is thus on its way while React is
 * still drawing the screen, instead of after it (on /audio with 2,000 records the request used to go out ~100 ms
 * after the check ended). Nothing happens during the static build, for a guest, or when the check ended before
 * this was called (a move between screens: the screen asks as it draws). A failed prefetch is left to the
 * screen's own request.
 */
export function prefetchWhenSignedIn(path: string, prefetch: () => Promise<unknown>): void {
  if (typeof window === 'undefined' || appStore.get(authStatusAtom) !== 'unknown') return;
  let done = false;
  const finish = (start: boolean) => {
    if (done) return;
    done = true;
    stopStatus();
    stopToken();
    if (start && window.location.pathname.startsWith(path)) prefetch().catch(() => undefined);
  };
  const stopStatus = appStore.sub(authStatusAtom, () => {
    const status = appStore.get(authStatusAtom);
    if (status !== 'unknown') finish(status === 'authenticated');
  });
  const stopToken = appStore.sub(accessTokenAtom, () => {
    if (appStore.get(accessTokenAtom) && appStore.get(authStatusAtom) === 'unknown') finish(true);
  });
  if (appStore.get(accessTokenAtom)) finish(true);
}

/** prefetchWhenSignedIn for a screen's list: its query options come with the API code, fetched apart from the page. */
export function prefetchListWhenSignedIn<T, K extends QueryKey>(
  path: string,
  listQuery: () => Promise<FetchQueryOptions<T, Error, T, K>>,
): void {
  prefetchWhenSignedIn(path, async () => queryClient.prefetchQuery(await listQuery()));
}
