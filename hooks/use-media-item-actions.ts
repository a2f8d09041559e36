'use client';

import { useState } from 'react';
import { useSnackbar } from '@/hooks/use-snackbar';
import { deleteErrorMessage, updateErrorMessage, type MediaDetails } from '@/lib/api/media';

interface Mutation<V> {
  mutateAsync: (variables: V) => Promise<unknown>;
  isPending: boolean;
}

export interface MediaItemActionsOptions {
  update?: Mutation<{ id: number; data: MediaDetails }>;
  remove?: Mutation<number>;
  /** Snackbar text after a successful edit, e.g. 'Фотография успешно обновлена'. */
  updatedMessage?: string;
  /** Snackbar text after a deletion, e.g. 'Видео удалено'. */
  deletedMessage?: string;
  onUpdated?: () => void;
  onDeleted?: () => void;
}

/**
 * Edit and delete of one recording, photo or video: runs the mutation, tells the outcome in the
 * snackbar (the update and delete fallbacks' Russian errors), and keeps the delete confirmation's state.
 */
export function useMediaItemActions({ update, remove, updatedMessage, deletedMessage, onUpdated, onDeleted }: MediaItemActionsOptions) {
  const { showSuccess, showError } = useSnackbar();
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const save = async (id: number, data: MediaDetails) => {
    if (!update) return;
    try {
      await update.mutateAsync({ id, data });
      if (updatedMessage) showSuccess(updatedMessage);
      onUpdated?.();
    } catch (error) {
      showError(updateErrorMessage(error));
    }
  };

  const confirmDelete = async (id: number) => {
    if (!remove) return;
    try {
      await remove.mutateAsync(id);
      setConfirmingDelete(false);
      if (deletedMessage) showSuccess(deletedMessage);
      onDeleted?.();
    } catch (error) {
      showError(deleteErrorMessage(error));
    }
  };

  return {
    save,
    confirmDelete,
    confirmingDelete,
    askDelete: () => setConfirmingDelete(true),
    cancelDelete: () => setConfirmingDelete(false),
    /** An edit or a deletion is running: the dialog should not close under it. */
    busy: !!update?.isPending || !!remove?.isPending,
  };
}
