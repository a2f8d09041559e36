'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { restoreMedia } from '@/lib/api/media';
import { mediaQueries } from '@/lib/api/media-list';
import { usageQueries } from '@/lib/api/storage-space';
import { emptyTrash, purgeTrashItem, trashQueries, type TrashItem } from '@/lib/api/trash';

/** Everything deleted in the last 30 days. */
export function useTrash() {
  return useQuery(trashQueries.list());
}

type Item = Pick<TrashItem, 'kind' | 'id'>;

/**
 * The trash's changes: each takes the item out of the cached list at once, then re-reads the trash
 * and what the change touches (the item's list on a restore, the usage on a removal for good).
 */
function useTrashChange<V>(
  run: (variables: V) => Promise<void>,
  gone: (variables: V) => (item: TrashItem) => boolean,
  after: (variables: V) => readonly unknown[][],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (_r, variables) => {
      queryClient.setQueryData<TrashItem[]>(trashQueries.list().queryKey, (old) => old?.filter((item) => !gone(variables)(item)));
    },
    onSettled: (_r, _e, variables) => {
      void queryClient.invalidateQueries({ queryKey: trashQueries.all() });
      for (const queryKey of after(variables)) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

const same = (a: Item) => (b: Item) => a.kind === b.kind && a.id === b.id;

/** «Восстановить»: the item is back in its list. */
export function useRestoreFromTrash() {
  return useTrashChange(
    (item: Item) => restoreMedia(item.kind, item.id),
    same,
    // The item's own list, which it comes back to.
    (item) => [[...mediaQueries(item.kind).all()]],
  );
}

/** «Удалить навсегда»: the item and its files are gone; the space it took is free. */
export function usePurgeFromTrash() {
  return useTrashChange(
    (item: Item) => purgeTrashItem(item.kind, item.id),
    same,
    () => [[...usageQueries.all()]],
  );
}

/** «Очистить корзину»: everything in it is gone for good. */
export function useEmptyTrash() {
  return useTrashChange(
    () => emptyTrash(),
    () => () => true,
    () => [[...usageQueries.all()]],
  );
}
