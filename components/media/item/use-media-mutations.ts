'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { albumQueries } from '@/lib/api/albums';
import { deleteMedia, getDownloadLink, restoreMedia, updateMedia, type MediaDetails } from '@/lib/api/media';
import { trashQueries } from '@/lib/api/trash';
import type { MediaKind } from '@/contract/media';
import { MEDIA_KINDS } from '@/lib/media/kinds';
import { changeKeptLists } from '@/lib/media/lists/kept-lists';
import { startDownload } from '@/lib/media/start-download';

/**
 * Re-reads a kind's list after a save or an upload — and, for a kind with `refreshAgain` (audio, by the
 * spec), once more after 1 s. A record that is still processing keeps its list re-reading
 * (pollWhileProcessing) until it is ready. A second read of an unchanged list is a conditional request
 * the server answers 304.
 */
export function useRefreshMediaList(kind: MediaKind) {
  const queryClient = useQueryClient();
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  return useCallback(() => {
    const { queries, refreshAgain } = MEDIA_KINDS[kind];
    void queryClient.invalidateQueries({ queryKey: queries.all() });
    if (refreshAgain) timers.current.push(setTimeout(() => void queryClient.invalidateQueries({ queryKey: queries.all() }), 1_000));
  }, [queryClient, kind]);
}

/** Title/description by one PATCH (the fallbacks only when it cannot get through); the list shows the new text at once, then re-reads. */
export function useUpdateMediaItem(kind: MediaKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: number; data: MediaDetails }) => updateMedia(kind, id, data),
    onSuccess: (details, { id }) => {
      const { queries } = MEDIA_KINDS[kind];
      changeKeptLists(queryClient, kind, (old) => old.map((r) => (r.id === id ? { ...r, ...details } : r)));
      void queryClient.invalidateQueries({ queryKey: queries.all() });
      // The item's albums show it too.
      void queryClient.invalidateQueries({ queryKey: albumQueries.all() });
    },
  });
}

/** One DELETE (the fallbacks only when it cannot get through): the item goes to the trash and leaves the list at once. */
export function useDeleteMediaItem(kind: MediaKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteMedia(kind, id),
    onSuccess: (_v, id) => {
      const { queries } = MEDIA_KINDS[kind];
      changeKeptLists(queryClient, kind, (old) => old.filter((r) => r.id !== id));
      void queryClient.invalidateQueries({ queryKey: queries.all() });
      void queryClient.invalidateQueries({ queryKey: trashQueries.all() });
      // A trashed item leaves every album view (count, cover, items) until it is restored.
      void queryClient.invalidateQueries({ queryKey: albumQueries.all() });
    },
  });
}

/**
 * Brings a just-deleted item back from the trash (the snackbar's «Отменить»), then its list re-reads
 * and shows it again. A plain function rather than a mutation: the snackbar outlives the dialog that
 * deleted the item, and the undo must still work once that is gone.
 */
export function useRestoreMediaItem(kind: MediaKind): (id: number) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (id: number) => {
      try {
        await restoreMedia(kind, id);
      } finally {
        void queryClient.invalidateQueries({ queryKey: MEDIA_KINDS[kind].queries.all() });
        void queryClient.invalidateQueries({ queryKey: trashQueries.all() });
        void queryClient.invalidateQueries({ queryKey: albumQueries.all() });
      }
    },
    [queryClient, kind],
  );
}

/**
 * A file of an item through a signed link (the kind's usual file, or `format`: audio's MP3, a photo's
 * original, a video's MP4 or original), handed to the browser, which saves it straight to disk under
 * the server's name, however large.
 */
export function useMediaDownload(kind: MediaKind) {
  return useMutation({
    mutationFn: async ({ id, format }: { id: number; format?: string }) =>
      startDownload(await getDownloadLink(kind, id, format ?? MEDIA_KINDS[kind].download)),
  });
}
