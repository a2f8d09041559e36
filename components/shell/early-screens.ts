import type { MediaKind } from '@/contract/media';
import { KIND_PATHS, KINDS } from '@/lib/media/kind-paths';
import { prefetchWhenSignedIn } from '@/lib/auth/prefetch';
import { queryClient } from '@/lib/query-client';

/**
 * On a page load with a stored session, the page's screen code and its list are asked for beside the profile
 * request. The calls live in the shell, which runs the sign-in check, not with the screens: a screen's page
 * code runs only once the check has let the protected layout draw it, and on /audio that put the list request
 * well after the profile's answer and the screen's code after that, into the time the first rows wait for. The list's request comes from the chunk that brings the profile's (the API client and
 * the lists' queries), so on a first visit it does not wait for the kind's own API code to arrive; each
 * screen's code still comes apart from the page: the one screen shell's chunk, fetched on this call, only on a
 * kind's own path (the page's lazyScreen then finds it loaded).
 */
function early(path: string, kind: MediaKind): void {
  // The list's request goes out first: the screen's chunk, once here, keeps the main thread busy for a while.
  prefetchWhenSignedIn(path, async () => {
    const list = queryClient.prefetchQuery((await import('./signed-in')).mediaQueries(kind).list());
    await Promise.all([list, import('@/components/media/screen/media-screen')]);
  });
}

/**
 * The same for a screen that reads its timeline a month at a time (photos): the months, then the newest months'
 * records, rather than the whole list (20,000 photos are 14 MB of it, and their parse holds the page up).
 */
function earlyTimeline(path: string, kind: MediaKind): void {
  prefetchWhenSignedIn(path, async () => {
    const first = import('@/lib/api/timeline').then((m) => m.prefetchFirstMonths(queryClient, kind));
    await Promise.all([first, import('@/components/media/screen/media-screen')]);
  });
}

export function startScreensEarly(): void {
  prefetchWhenSignedIn('/', loadSessionFrame);
  for (const kind of KINDS) (KIND_PATHS[kind].timeline ? earlyTimeline : early)(KIND_PATHS[kind].href, kind);
}

/** The signed-in frame's navigation (sidebar, bottom bar): its chunk, asked for as the sign-in check starts. */
export const loadSessionFrame = () => import('./session-frame').then((m) => m.SessionFrame);
