import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mediaQueries } from '@/lib/api/media-list';
import type { PhotoRecord } from '@/lib/api/photos';
import { getTimelineBuckets, getTimelineMonth, timelineQueries } from '@/lib/api/timeline';
import { json, stubFetch } from '../../support/api-client';

// The real ky client (hooks and all) over the stubbed fetch.
vi.mock('@/lib/api/client', async () => {
  const { accessOnlyTokens, realApiClient } = await import('../../support/api-client');
  return realApiClient(accessOnlyTokens(() => 'access-1'));
});

let asked: URL[] = [];
let answer: unknown = [];

beforeEach(() => {
  asked = [];
  stubFetch((req) => {
    asked.push(new URL(req.url));
    return json(200, answer);
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
    // The queries the photo and video screens read their timeline with (use-timeline.ts).
    const photoTimeline = timelineQueries<PhotoRecord, 'photo'>('photo');
    const videoTimeline = timelineQueries('video');
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
