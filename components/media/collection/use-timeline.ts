'use client';

import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { firstMonths, timelineQueries, type TimelineBucket } from '@/lib/api/timeline';
import type { MediaKind, MediaRecord } from '@/contract/media';
import { isProcessing, PROCESSING_POLL_MS, pollWhileProcessing } from '@/lib/media/lists/processing';

/** The records of the months loaded so far, in the timeline's order, and which months they are. */
interface Loaded<T> {
  months: ReadonlySet<string>;
  records: T[];
}

const EMPTY: Loaded<never> = { months: new Set(), records: [] };

/**
 * A kind's timeline a month at a time (Immich's buckets): first the months with their counts, with the newest
 * months' records; any other month when the screen asks for it (it came near the viewport, or the scrubber
 * jumped to it). The records of the months loaded so far come out in the timeline's order (newest first). A
 * month holding a record still processing re-reads itself, as the whole list does. With `withPartners`, the
 * timeline with the partners' items beside mine (each with its `owner`), kept apart from mine alone.
 */
export function useTimeline<K extends MediaKind>(kind: K, timeZone: string, enabled: boolean, withPartners = false) {
  const client = useQueryClient();
  const queries = useMemo(() => timelineQueries<MediaRecord<K>, K>(kind, withPartners), [kind, withPartners]);
  // While a record shown is processing, the months are read again (and with them the first months' records).
  const [polling, setPolling] = useState(false);
  const buckets = useQuery({
    ...queries.bucketsWithFirst(timeZone, client),
    enabled,
    refetchInterval: polling ? PROCESSING_POLL_MS : false,
  });
  const [asked, setAsked] = useState<ReadonlySet<string>>(() => new Set());

  const months = useMemo(() => {
    const first = new Set(firstMonths(buckets.data ?? []));
    return (buckets.data ?? []).map((b) => b.month).filter((month) => first.has(month) || asked.has(month));
  }, [buckets.data, asked]);

  const combine = useCallback(
    (results: { data?: MediaRecord<K>[] }[]): Loaded<MediaRecord<K>> => {
      if (results.every((r) => !r.data)) return EMPTY;
      const loaded = new Set<string>();
      const records: MediaRecord<K>[] = [];
      results.forEach((r, i) => {
        if (!r.data) return;
        loaded.add(months[i]!);
        records.push(...r.data);
      });
      return { months: loaded, records };
    },
    [months],
  );
  const loaded = useQueries({
    queries: months.map((month) => ({ ...queries.month(month, timeZone), enabled, refetchInterval: pollWhileProcessing })),
    combine,
  });

  const processing = isProcessing(loaded.records);
  if (processing !== polling) setPolling(processing);

  const request = useCallback((month: string) => setAsked((prev) => (prev.has(month) ? prev : new Set(prev).add(month))), []);
  const total = useMemo(() => (buckets.data ? buckets.data.reduce((sum, b) => sum + b.count, 0) : undefined), [buckets.data]);
  const newest = buckets.data?.[0]?.month;

  return {
    buckets: buckets.data as readonly TimelineBucket[] | undefined,
    loadedMonths: loaded.months,
    records: loaded.records,
    total,
    request,
    /** Until the months and the newest month's records are here: what the skeleton stands for. */
    isPending: buckets.isPending || (newest !== undefined && !loaded.months.has(newest)),
    isLoadingError: buckets.isLoadingError,
    refetch: buckets.refetch,
  };
}
