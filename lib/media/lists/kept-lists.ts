import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { MediaKind, MediaRecord } from '@/contract/media';
import { MEDIA_KINDS } from '@/lib/media/kinds';

const isRecordList = (data: unknown): data is MediaRecord[] =>
  Array.isArray(data) && data.every((r) => typeof r === 'object' && r !== null && 'id' in r);

/**
 * Changes at once every list of a kind the cache keeps — the whole list and each month of its timeline (not the
 * months' counts) — so an edit, a star or a deletion shows wherever the screen reads from. Returns what was
 * there, for restoreKeptLists.
 */
export function changeKeptLists(
  client: QueryClient,
  kind: MediaKind,
  change: (records: MediaRecord[]) => MediaRecord[],
): ReadonlyArray<[QueryKey, unknown]> {
  const before = client.getQueriesData<unknown>({ queryKey: MEDIA_KINDS[kind].queries.all() });
  for (const [key, data] of before) if (isRecordList(data)) client.setQueryData(key, change(data));
  return before;
}

/** Puts back what changeKeptLists found. */
export function restoreKeptLists(client: QueryClient, before: ReadonlyArray<[QueryKey, unknown]>): void {
  for (const [key, data] of before) client.setQueryData(key, data);
}
