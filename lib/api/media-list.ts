import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { MediaKind } from '@/contract/media';

/**
 * A kind's list: its request and its query. Kept apart from the rest of the media API (lib/api/media.ts: upload,
 * edits, fallbacks), so that the page load's early list request (components/shell/early-screens.ts) needs no
 * module beyond the API client, which comes with the profile's request.
 */

/**
 * GET /api/media/{kind}/: the kind's list, a plain array (contract). Asked for at the same URL each time, in the
 * browser's default cache mode: the list answers with its ETag and `private, no-cache`, so the browser keeps it
 * and asks again with If-None-Match, and an unchanged list comes back as a 304 whose kept copy the browser hands
 * over (server/media/records/list-reply.ts). Of 2,000 recordings, that is no body at all rather than megabytes.
 */
export function listMedia<T>(kind: MediaKind, withPartners = false): Promise<T[]> {
  return api.get(`media/${kind}/`, withPartners ? { searchParams: { with_partners: '1' } } : {}).json<T[]>();
}

/**
 * A kind's queries: `all` (every query of the kind, for invalidation), `list`, the list itself, and
 * `listWithPartners`, the list with the partners' items beside mine (?with_partners=1, contract/household.ts).
 */
export function mediaQueries<T, K extends MediaKind = MediaKind>(kind: K) {
  const all = () => ['media', kind] as const;
  return {
    all,
    list: () => queryOptions({ queryKey: [...all(), 'list'] as const, queryFn: () => listMedia<T>(kind) }),
    listWithPartners: () =>
      queryOptions({ queryKey: [...all(), 'list', 'with-partners'] as const, queryFn: () => listMedia<T>(kind, true) }),
  };
}
