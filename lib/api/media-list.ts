import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { MediaKind } from '@/contract/media';

/**
 * A kind's list: its request and its query. Kept apart from the rest of the media API (lib/api/media.ts: upload,
 * edits, fallbacks), so that the page load's early list request (components/shell/early-screens.ts) needs no
 * module beyond the API client, which comes with the profile's request.
 */

/** The list answer: a plain array (contract), or DRF's paginated `{ results: [...] }`; anything else is empty. */
function asList<T>(data: unknown): T[] {
  if (Array.isArray(data)) return data as T[];
  if (data && typeof data === 'object' && Array.isArray((data as { results?: unknown }).results)) {
    return (data as { results: T[] }).results;
  }
  return [];
}

/** GET /api/media/{kind}/?t=… (the spec's cache-busting timestamp). */
export async function listMedia<T>(kind: MediaKind): Promise<T[]> {
  const data = await api.get(`media/${kind}/`, { searchParams: { t: Date.now() } }).json<unknown>();
  return asList<T>(data);
}

/** A kind's queries: `all` (every query of the kind, for invalidation) and `list`, the list itself. */
export function mediaQueries<T, K extends MediaKind = MediaKind>(kind: K) {
  const all = () => ['media', kind] as const;
  return {
    all,
    list: () => queryOptions({ queryKey: [...all(), 'list'] as const, queryFn: () => listMedia<T>(kind) }),
  };
}
