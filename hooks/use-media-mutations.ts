'use client';

import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { deleteMedia, restoreMedia, updateMedia, type MediaDetails, type MediaKind } from '@/lib/api/media';
import { trashQueries } from '@/lib/api/trash';
import { startDownload } from '@/lib/media/start-download';

/** One kind's list query: `all` for invalidation, `list` for the cached array. */
export interface MediaListKeys {
  all: QueryKey;
  list: QueryKey;
}

/**
 * Re-reads a media list after a save or an upload — and, with `again`, once more after 1 s (the audio
 * list's rule). A record that is still processing keeps its list re-reading (pollWhileProcessing) until
 * it is ready. A second read of an unchanged list is a conditional request the server answers 304.
 */
export function useRefreshMediaList(keys: MediaListKeys, { again = false }: { again?: boolean } = {}) {
  const queryClient = useQueryClient();
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const { all } = keys;
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: all });
    if (again) timers.current.push(setTimeout(() => void queryClient.invalidateQueries({ queryKey: all }), 1_000));
  }, [queryClient, all, again]);
}

/** Title/description by one PATCH (the fallbacks only when it cannot get through); the list shows the new text at once, then re-reads. */
export function useUpdateMediaItem<T extends { id: number }>(kind: MediaKind, keys: MediaListKeys) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: number; data: MediaDetails }) => updateMedia(kind, id, data),
    onSuccess: (details, { id }) => {
      queryClient.setQueryData<T[]>(keys.list, (old) => old?.map((r) => (r.id === id ? { ...r, ...details } : r)));
      void queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });
}

/** One DELETE (the fallbacks only when it cannot get through): the item goes to the trash and leaves the list at once. */
export function useDeleteMediaItem<T extends { id: number }>(kind: MediaKind, keys: MediaListKeys) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteMedia(kind, id),
    onSuccess: (_v, id) => {
      queryClient.setQueryData<T[]>(keys.list, (old) => old?.filter((r) => r.id !== id));
      void queryClient.invalidateQueries({ queryKey: keys.all });
      void queryClient.invalidateQueries({ queryKey: trashQueries.all() });
    },
  });
}

/**
 * Asks for a signed link to a file (`linkFor`) and hands it to the browser, which saves the file
 * straight to disk under the server's name.
 */
export function useMediaDownload<V>(linkFor: (variables: V) => Promise<string>) {
  return useMutation({
    mutationFn: async (variables: V) => startDownload(await linkFor(variables)),
  });
}

/**
 * Brings a just-deleted item back from the trash (the snackbar's «Отменить»), then its list re-reads
 * and shows it again. A plain function rather than a mutation: the snackbar outlives the dialog that
 * deleted the item, and the undo must still work once that is gone.
 */
export function useRestoreMediaItem(kind: MediaKind, keys: MediaListKeys): (id: number) => Promise<void> {
  const queryClient = useQueryClient();
  const { all } = keys;
  return useCallback(
    async (id: number) => {
      try {
        await restoreMedia(kind, id);
      } finally {
        void queryClient.invalidateQueries({ queryKey: all });
        void queryClient.invalidateQueries({ queryKey: trashQueries.all() });
      }
    },
    [queryClient, kind, all],
  );
}
