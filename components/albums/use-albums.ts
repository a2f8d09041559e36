'use client';

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addAlbumItems,
  albumQueries,
  createAlbum,
  deleteAlbum,
  removeAlbumItems,
  updateAlbum,
  type Album,
  type AlbumEdit,
  type AlbumInput,
  type ItemRef,
} from '@/lib/api/albums';

/** «Альбомы»: mine and those shared with me, newest first. */
export const useAlbums = () => useQuery(albumQueries.list());

/** One album's details (title, description, count, cover). */
export const useAlbum = (id: number) => useQuery(albumQueries.detail(id));

/** One album's items outside the trash, in the order they were added, a page at a time. */
export const useAlbumPages = (id: number) => useInfiniteQuery(albumQueries.pages(id));

/**
 * Every change to albums answers with the album: it goes into the cache at once (the page shows the new title,
 * count or cover), then every album query re-reads (the grid's counts and covers, the items).
 */
function useAlbumChange<V>(request: (vars: V) => Promise<Album>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (album) => {
      queryClient.setQueryData(albumQueries.detail(album.id).queryKey, album);
      void queryClient.invalidateQueries({ queryKey: albumQueries.all() });
    },
  });
}

export const useCreateAlbum = () => useAlbumChange((input: AlbumInput) => createAlbum(input));
export const useUpdateAlbum = () => useAlbumChange(({ id, edit }: { id: number; edit: AlbumEdit }) => updateAlbum(id, edit));
export const useAddToAlbum = () => useAlbumChange(({ id, items }: { id: number; items: ItemRef[] }) => addAlbumItems(id, items));
export const useRemoveFromAlbum = () => useAlbumChange(({ id, items }: { id: number; items: ItemRef[] }) => removeAlbumItems(id, items));

/** «Удалить альбом»: the album goes (its items stay); its queries are dropped, the grid re-reads. */
export function useDeleteAlbum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteAlbum(id),
    onSuccess: (_v, id) => {
      queryClient.removeQueries({ queryKey: albumQueries.detail(id).queryKey });
      queryClient.removeQueries({ queryKey: albumQueries.pages(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: albumQueries.all() });
    },
  });
}
