import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mediaQueries } from '@/lib/api/media-list';
import { photoTimeline, type PhotoRecord } from '@/lib/api/photos';
import { getTimelineBuckets, getTimelineMonth } from '@/lib/api/timeline';
import { videoTimeline } from '@/lib/api/video';

// The real ky client (hooks and all), only with an absolute prefix: Node's Request cannot resolve '/api'.
vi.mock('@/lib/api/client', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/api/client')>();
  const client = real.createApiClient({
    tokens: { getAccess: () => 'access-1', getRefresh: () => null, setTokens: () => undefined, clear: () => undefined },
    onAuthFailure: () => undefined,
    isLoginScreen: () => false,
    prefixUrl: 'http://localhost:3000/api',
    fetch: (input, init) => globalThis.fetch(input, init),
  });
  return { ...real, api: client.api };
});

let asked: URL[] = [];
let answer: unknown = [];

beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    asked.push(new URL(req.url));
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the timeline’s requests', () => {
  it('asks for the buckets in the viewer’s zone and reads them with the contract', async () => {
    answer = [
      { month: '2024-07', count: 2 },
      { month: '2024-06', count: 40 },
    ];
    expect(await getTimelineBuckets('photo', 'Asia/Novosibirsk')).toEqual(answer);
    expect(asked[0]!.pathname).toBe('/api/media/photo/buckets/');
    expect(asked[0]!.searchParams.get('tz')).toBe('Asia/Novosibirsk');
    answer = [{ month: '2024-07' }];
    await expect(getTimelineBuckets('photo', 'UTC')).rejects.toThrow();
  });

  it('asks for one month of the list, with no cache-busting parameter (the ETag revalidates it)', async () => {
    answer = [{ id: 3 }, { id: 1 }];
    expect(await getTimelineMonth('video', '2024-06', 'Europe/Moscow')).toEqual(answer);
    expect(asked[0]!.pathname).toBe('/api/media/video/');
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({ month: '2024-06', tz: 'Europe/Moscow' });
  });

  it('keeps its queries under the kind’s key, so a change to the kind invalidates them', async () => {
    const client = new QueryClient();
    answer = [{ month: '2024-06', count: 1 }];
    await client.fetchQuery(photoTimeline.buckets('UTC'));
    answer = [{ id: 1 }];
    const june = await client.fetchQuery(photoTimeline.month('2024-06', 'UTC'));
    expect(june satisfies PhotoRecord[]).toEqual([{ id: 1 }]);
    expect(photoTimeline.month('2024-06', 'UTC').queryKey).toEqual(['media', 'photo', 'timeline', 'UTC', 'month', '2024-06']);
    expect(videoTimeline.buckets('UTC').queryKey).toEqual(['media', 'video', 'timeline', 'UTC', 'buckets']);
    await client.invalidateQueries({ queryKey: mediaQueries('photo').all() });
    expect(client.getQueryState(photoTimeline.buckets('UTC').queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(photoTimeline.month('2024-06', 'UTC').queryKey)?.isInvalidated).toBe(true);
  });
});
