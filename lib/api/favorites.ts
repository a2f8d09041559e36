import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { MediaKind, MediaRecord } from '@/contract/media';

/**
 * «Избранное»: the star on an item (`is_favorite` on every record) and each kind's favourites. Their query
 * sits under the kind's key (['media', kind, …]), so invalidating a kind's queries refreshes its favourites too.
 */

/** PATCH /api/media/{kind}/{id}/ {is_favorite} → the record as it now is. */
export function setFavorite<K extends MediaKind>(kind: K, id: number, favorite: boolean): Promise<MediaRecord<K>> {
  return api.patch(`media/${kind}/${id}/`, { json: { is_favorite: favorite } }).json<MediaRecord<K>>();
}

/** GET /api/media/{kind}/?favorite=1: the kind's favourites, in the kind's list order (revalidated by its ETag, as the list is). */
export function listFavorites<K extends MediaKind>(kind: K): Promise<MediaRecord<K>[]> {
  return api.get(`media/${kind}/`, { searchParams: { favorite: 1 } }).json<MediaRecord<K>[]>();
}

export const favoriteQueries = {
  all: <K extends MediaKind>(kind: K) => ['media', kind, 'favorites'] as const,
  list: <K extends MediaKind>(kind: K) => queryOptions({ queryKey: favoriteQueries.all(kind), queryFn: () => listFavorites(kind) }),
};
