// First: zod without its `new Function` probe, which the Content-Security-Policy reports (lib/schemas/zod-config.ts).
import '@/lib/schemas/zod-config';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api/client';
import type { MediaKind } from '@/contract/media';
import { timelineBucketSchema, type TimelineBucket } from '@/contract/timeline';
import { viewerTimeZone } from '@/lib/media/media-dates';

export type { TimelineBucket };

/**
 * A kind's timeline a month at a time (contract/timeline.ts). `tz` is the viewer's IANA zone
 * (viewerTimeZone() in lib/media/media-dates.ts): it places records without a camera date. No
 * cache-busting parameter, unlike the whole list: the browser revalidates these by their ETag, and an
 * unchanged answer comes back as a 304 without its body.
 */

const bucketsSchema = z.array(timelineBucketSchema);

/** `?with_partners=1` when the partners' items are to be shown beside mine (contract/household.ts). */
const partnersParam = (withPartners: boolean): Record<string, string> => (withPartners ? { with_partners: '1' } : {});

/**
 * GET /api/media/{kind}/buckets/?tz=…: the months that hold records, newest first, with their counts (with
 * `withPartners`, the partners' items counted in).
 */
export async function getTimelineBuckets(kind: MediaKind, tz: string, withPartners = false): Promise<TimelineBucket[]> {
  return bucketsSchema.parse(
    await api.get(`media/${kind}/buckets/`, { searchParams: { tz, ...partnersParam(withPartners) } }).json<unknown>(),
  );
}

/**
 * GET /api/media/{kind}/?month=YYYY-MM&tz=…: one month's records, newest first, shaped like the whole list's (with
 * `withPartners`, the partners' items among them, each with its `owner`).
 */
export async function getTimelineMonth<T>(kind: MediaKind, month: string, tz: string, withPartners = false): Promise<T[]> {
  const data = await api.get(`media/${kind}/`, { searchParams: { month, tz, ...partnersParam(withPartners) } }).json<unknown>();
  return Array.isArray(data) ? (data as T[]) : [];
}

/**
 * A kind's timeline queries, under the kind's own key (mediaQueries(kind).all()), so whatever invalidates
 * the kind's list after a change invalidates its months and buckets too.
 */
export function timelineQueries<T, K extends MediaKind = MediaKind>(kind: K, withPartners = false) {
  const all = () => ['media', kind, 'timeline'] as const;
  // The timeline with the partners' items is another timeline, cached apart from mine alone (whose keys stay as they were).
  const at = (tz: string): readonly string[] => (withPartners ? [tz, 'with-partners'] : [tz]);
  const month = (month: string, tz: string) =>
    queryOptions({
      queryKey: [...all(), ...at(tz), 'month', month] as const,
      queryFn: () => getTimelineMonth<T>(kind, month, tz, withPartners),
    });
  return {
    all,
    buckets: (tz: string) =>
      queryOptions({ queryKey: [...all(), ...at(tz), 'buckets'] as const, queryFn: () => getTimelineBuckets(kind, tz, withPartners) }),
    /**
     * The months, answered only once the first months' records are in the cache too (each under its month's
     * key): whatever re-reads the months re-reads what the screen shows first with them, so the count and the
     * first tiles never disagree (an upload's re-read once left the newest month a file behind its count).
     */
    bucketsWithFirst: (tz: string, client: QueryClient) =>
      queryOptions({
        queryKey: [...all(), ...at(tz), 'buckets'] as const,
        queryFn: async () => {
          const buckets = await getTimelineBuckets(kind, tz, withPartners);
          await Promise.all(firstMonths(buckets).map((m) => client.fetchQuery({ ...month(m, tz), staleTime: 0 })));
          return buckets;
        },
      }),
    month,
  };
}

/** The newest months are asked for with the months until they hold this many: a first screenful and a bit. */
const FIRST_SCREEN = 60;

/** The months a timeline shows first, with or without being asked: the newest, up to a screenful of records. */
export function firstMonths(buckets: readonly TimelineBucket[]): string[] {
  const months: string[] = [];
  let seen = 0;
  for (const bucket of buckets) {
    if (seen >= FIRST_SCREEN) break;
    months.push(bucket.month);
    seen += bucket.count;
  }
  return months;
}

/**
 * What a timeline screen shows first, asked for as the page loads (components/shell/early-screens.ts): the
 * months with the first months' records, under the keys the screen reads (components/media/collection/use-timeline.ts).
 */
export async function prefetchFirstMonths(client: QueryClient, kind: MediaKind): Promise<void> {
  await client.prefetchQuery(timelineQueries(kind).bucketsWithFirst(viewerTimeZone(), client));
}
