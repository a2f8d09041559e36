import { appStore } from '@/lib/store';
import { accessTokenAtom, authStatusAtom } from './atoms';

/**
 * Starts `prefetch` once, as early as the page load's sign-in check allows, if the page is still under `path`:
 * when the check puts the stored access token in place and asks for the profile (the list request then travels
 * beside the profile's, carrying the same bearer; a stale token is refreshed once for both, as for any two
 * requests), or at the latest when the check ends signed in. The shell calls it as the check starts
 * (early-screens.ts). Nothing happens during the static build, for a guest, or when the check ended before this
 * was called (a screen drawn later asks for its own list as it draws). A failed prefetch is left to the screen's
 * own request.
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
