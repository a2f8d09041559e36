'use client';

import { useState } from 'react';
import { useSnackbar } from '@/hooks/use-snackbar';
import type { MediaDetails } from '@/lib/api/media';
import { mediaDeleteError, mediaRestoreError, mediaUpdateError } from '@/lib/errors';

/** The snackbar's button after a deletion. */
export const UNDO = 'Отменить';

interface Mutation<V> {
  mutateAsync: (variables: V) => Promise<unknown>;
  isPending: boolean;
}

export interface MediaItemActionsOptions {
  update?: Mutation<{ id: number; data: MediaDetails }>;
  remove?: Mutation<number>;
  /** Brings a deleted item back from the trash: with it, the snackbar after a deletion offers «Отменить». */
  restore?: (id: number) => Promise<void>;
  /** Snackbar text once «Отменить» brought the item back, e.g. 'Запись восстановлена'. */
  restoredMessage?: string;
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
 * A deletion moves the item to the trash, so its snackbar offers «Отменить», which brings it back.
 */
export function useMediaItemActions({
  update,
  remove,
  restore,
  updatedMessage,
  deletedMessage,
  restoredMessage,
  onUpdated,
  onDeleted,
}: MediaItemActionsOptions) {
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
      if (deletedMessage) showSuccess(deletedMessage, restore ? { label: UNDO, onAction: () => void undo(restore, id) } : undefined);
      onDeleted?.();
    } catch (error) {
      showError(mediaDeleteError(error));
    }
  };

  // The dialog that deleted the item may be gone by now: only the snackbar and the list are left to tell.
  const undo = async (restoreItem: (id: number) => Promise<void>, id: number) => {
    try {
      await restoreItem(id);
      if (restoredMessage) showSuccess(restoredMessage);
    } catch (error) {
      showError(mediaRestoreError(error));
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
