// First: zod without its `new Function` probe, which the Content-Security-Policy reports (lib/schemas/zod-config.ts).
import '@/lib/schemas/zod-config';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Album, AlbumEdit, AlbumInput, AlbumItem, ItemRef } from '@/contract/albums';

/**
 * Albums (contract/albums.ts): plain requests, one per operation, and their queries. An album's
 * answer carries its count and cover, so every change of items answers with the album.
 */
export type { Album, AlbumEdit, AlbumInput, AlbumItem, ItemRef };

const albumPath = (id: number) => `albums/${id}/`;

/** GET /api/albums/: the owner's albums, newest first. */
export const listAlbums = () => api.get('albums/', { searchParams: { t: Date.now() } }).json<Album[]>();

/** GET /api/albums/{id}/. */
export const getAlbum = (id: number) => api.get(albumPath(id)).json<Album>();

/** POST /api/albums/ → 201 with the new, empty album. */
export const createAlbum = (input: AlbumInput) => api.post('albums/', { json: input }).json<Album>();

/** PATCH /api/albums/{id}/: title, description, cover (`{kind, id}` of one of its items, or null for the default). */
export const updateAlbum = (id: number, edit: AlbumEdit) => api.patch(albumPath(id), { json: edit }).json<Album>();

/** DELETE /api/albums/{id}/: the album goes, its items stay in the vault. */
export async function deleteAlbum(id: number): Promise<void> {
  await api.delete(albumPath(id));
}

/** GET /api/albums/{id}/items/: the items outside the trash, in the order added, each its kind's record plus `kind`. */
export const listAlbumItems = (id: number) => api.get(`${albumPath(id)}items/`, { searchParams: { t: Date.now() } }).json<AlbumItem[]>();

/** How many items a page of an album holds: the first page is what the album's first tiles wait for. */
export const ALBUM_PAGE = 200;

/**
 * GET /api/albums/{id}/items/?limit=&after=: a page of the items, after the item at `after` (its `position`;
 * null: from the start). A page shorter than ALBUM_PAGE is the last.
 */
export const listAlbumItemsPage = (id: number, after: number | null) =>
  api
    .get(`${albumPath(id)}items/`, { searchParams: { limit: ALBUM_PAGE, ...(after === null ? {} : { after }), t: Date.now() } })
    .json<AlbumItem[]>();

/** GET /api/albums/{id}/items/{kind}/{item}/download-link/: a signed link to another member's item (while the album allows it). */
export const albumItemDownloadLink = (id: number, item: ItemRef) =>
  api.get(`${albumPath(id)}items/${item.kind}/${item.id}/download-link/`).json<{ url: string }>();

/** POST /api/albums/{id}/items/ (the owner's items, outside the trash; at most ALBUM_ITEMS_PER_REQUEST) → the album. */
export const addAlbumItems = (id: number, items: ItemRef[]) => api.post(`${albumPath(id)}items/`, { json: { items } }).json<Album>();

/** DELETE /api/albums/{id}/items/: takes the items out of the album (they stay in the vault) → the album. */
export const removeAlbumItems = (id: number, items: ItemRef[]) => api.delete(`${albumPath(id)}items/`, { json: { items } }).json<Album>();

export const albumQueries = {
  all: () => ['albums'] as const,
  list: () => queryOptions({ queryKey: [...albumQueries.all(), 'list'] as const, queryFn: listAlbums }),
  detail: (id: number) => queryOptions({ queryKey: [...albumQueries.all(), 'detail', id] as const, queryFn: () => getAlbum(id) }),
  items: (id: number) => queryOptions({ queryKey: [...albumQueries.all(), 'items', id] as const, queryFn: () => listAlbumItems(id) }),
  /** The album's items a page at a time (its page shows the first tiles from the first page). */
  pages: (id: number) =>
    infiniteQueryOptions({
      queryKey: [...albumQueries.all(), 'pages', id] as const,
      queryFn: ({ pageParam }) => listAlbumItemsPage(id, pageParam),
      initialPageParam: null as number | null,
      getNextPageParam: (last: AlbumItem[]) => (last.length < ALBUM_PAGE ? undefined : last[last.length - 1]!.position),
    }),
};
