'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { albumQueries } from '@/lib/api/albums';
import { deleteMedia, restoreMedia } from '@/lib/api/media';
import { trashQueries } from '@/lib/api/trash';
import type { MediaKind, MediaRecord } from '@/contract/media';
import { MEDIA_KINDS } from '@/lib/media/kinds';

/** How many deletions or restores are in flight at once: a few, so 500 items neither crawl nor flood the server. */
const PARALLEL = 4;

/** Runs `task` on every id, `PARALLEL` at a time; says which ids succeeded and the first failure. */
async function eachLimited(
  ids: readonly number[],
  task: (id: number) => Promise<void>,
): Promise<{ done: number[]; failed: number; error: unknown }> {
  const done: number[] = [];
  let failed = 0;
  let error: unknown = null;
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      try {
        await task(id);
        done.push(id);
      } catch (err) {
        failed++;
        error ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, ids.length) }, worker));
  const through = new Set(done);
  return { done: ids.filter((id) => through.has(id)), failed, error };
}

/**
 * «В корзину» and its «Отменить» for many items of a kind at once: each goes to the trash (leaving the list at
 * once), or comes back from it; then the kind's list, the trash and the albums read again. Resolves with what
 * went through and what did not (a failure of one does not stop the others).
 */
export function useSelectionTrash(kind: MediaKind) {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: MEDIA_KINDS[kind].queries.all() });
    void queryClient.invalidateQueries({ queryKey: trashQueries.all() });
    // A trashed item leaves every album view (count, cover, items) until it is restored.
    void queryClient.invalidateQueries({ queryKey: albumQueries.all() });
  }, [queryClient, kind]);

  const trash = useCallback(
    async (ids: readonly number[]) => {
      const outcome = await eachLimited(ids, (id) => deleteMedia(kind, id));
      const gone = new Set(outcome.done);
      queryClient.setQueryData<MediaRecord[]>(MEDIA_KINDS[kind].queries.list().queryKey, (old) => old?.filter((r) => !gone.has(r.id)));
      refresh();
      return outcome;
    },
    [queryClient, kind, refresh],
  );

  const restore = useCallback(
    async (ids: readonly number[]) => {
      try {
        return await eachLimited(ids, (id) => restoreMedia(kind, id));
      } finally {
        refresh();
      }
    },
    [kind, refresh],
  );

  return { trash, restore };
}
