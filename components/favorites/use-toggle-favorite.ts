'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '@/hooks/use-snackbar';
import { albumQueries } from '@/lib/api/albums';
import { setFavorite } from '@/lib/api/favorites';
import type { MediaKind } from '@/contract/media';
import { MEDIA_KINDS } from '@/lib/media/kinds';
import { changeKeptLists, restoreKeptLists } from '@/lib/media/lists/kept-lists';

export const FAVORITE_ERROR = 'Не удалось изменить избранное. Попробуйте ещё раз.';

/**
 * The star: the list shows the new state at once (optimistic), the PATCH follows; a refusal puts the old
 * state back and says so. Every list of the kind (the whole list, its favourites) re-reads afterwards.
 */
export function useToggleFavorite(kind: MediaKind) {
  const queryClient = useQueryClient();
  const { showError } = useSnackbar();
  const { queries } = MEDIA_KINDS[kind];
  return useMutation({
    mutationFn: ({ id, favorite }: { id: number; favorite: boolean }) => setFavorite(kind, id, favorite),
    onMutate: async ({ id, favorite }) => {
      await queryClient.cancelQueries({ queryKey: queries.all() });
      const before = changeKeptLists(queryClient, kind, (old) => old.map((r) => (r.id === id ? { ...r, is_favorite: favorite } : r)));
      return { before };
    },
    onError: (_err, _vars, context) => {
      if (context?.before) restoreKeptLists(queryClient, context.before);
      showError(FAVORITE_ERROR);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queries.all() });
      // The star shows on the item's album pages too.
      void queryClient.invalidateQueries({ queryKey: albumQueries.all() });
    },
  });
}
