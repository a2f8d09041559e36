'use client';

import { useState } from 'react';
import { useSnackbar } from '@/hooks/use-snackbar';
import type { MediaDetails } from '@/lib/api/media';
import { mediaDeleteError, mediaUpdateError } from '@/lib/errors';

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
 * snackbar (the server's words on a failed edit or deletion), and keeps the delete confirmation's state.
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
      showError(mediaUpdateError(error));
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
      showError(mediaDeleteError(error));
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
