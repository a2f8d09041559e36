import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import { prefetchWhenSignedIn } from '@/lib/auth/prefetch';
import { queryClient } from '@/lib/query-client';

/**
 * On a page load with a stored session, the page's screen code and its list are asked for beside the profile
 * request. The calls live in the shell, which runs the sign-in check, not with the screens: a screen's page
 * code runs only once the check has let the protected layout draw it, and on /audio with 2,000 records that put
 * the list request ~200 ms after the profile's answer and the screen's code after that, into the time the
 * first rows wait for. Each screen's code and API code still come apart from the page: a chunk fetched on this
 * call, only for its own path (the page's lazyScreen then finds it loaded).
 */
function early<T, K extends QueryKey>(
  path: string,
  screen: () => Promise<unknown>,
  listQuery: () => Promise<FetchQueryOptions<T, Error, T, K>>,
): void {
  // The list's request goes out first: the screen's chunk, once here, keeps the main thread busy for a while.
  prefetchWhenSignedIn(path, async () => {
    const list = queryClient.prefetchQuery(await listQuery());
    await Promise.all([list, screen()]);
  });
}

export function startScreensEarly(): void {
  early(
    '/audio',
    () => import('@/components/audio/audio-screen'),
    async () => (await import('@/lib/api/audio')).audioQueries.list(),
  );
  early(
    '/photos',
    () => import('@/components/photos/photos-screen'),
    async () => (await import('@/lib/api/photos')).photoQueries.list(),
  );
  early(
    '/video',
    () => import('@/components/video/video-screen'),
    async () => (await import('@/lib/api/video')).videoQueries.list(),
  );
}
