'use client';

import { useState } from 'react';
import { useSnackbar } from '@/hooks/use-snackbar';
import type { MediaDetails } from '@/lib/api/media';
import type { MediaKind } from '@/contract/media';
import { mediaDeleteError, mediaRestoreError, mediaUpdateError } from '@/lib/media-errors';
import { MEDIA_KINDS } from '@/lib/media/kinds';
import { useDeleteMediaItem, useMediaDownload, useRestoreMediaItem, useUpdateMediaItem } from './use-media-mutations';

/** The snackbar's button after a deletion. */
export const UNDO = 'Отменить';

export interface MediaItemActionsOptions {
  onUpdated?: () => void;
  onDeleted?: () => void;
}

/**
 * Edit, delete and download of one item of a kind: runs the mutation, tells the outcome in the snackbar in the
 * kind's words (the server's on a failed edit or deletion), and keeps the delete confirmation's state. A
 * deletion moves the item to the trash, so its snackbar offers «Отменить», which brings it back.
 */
export function useMediaItemActions(kind: MediaKind, { onUpdated, onDeleted }: MediaItemActionsOptions = {}) {
  const { text } = MEDIA_KINDS[kind];
  const update = useUpdateMediaItem(kind);
  const remove = useDeleteMediaItem(kind);
  const restore = useRestoreMediaItem(kind);
  const download = useMediaDownload(kind);
  const { showSuccess, showError } = useSnackbar();
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const save = async (id: number, data: MediaDetails) => {
    try {
      await update.mutateAsync({ id, data });
      showSuccess(text.updated);
      onUpdated?.();
    } catch (error) {
      showError(mediaUpdateError(error));
    }
  };

  const confirmDelete = async (id: number) => {
    try {
      await remove.mutateAsync(id);
      setConfirmingDelete(false);
      showSuccess(text.deleted, { label: UNDO, onAction: () => void undo(id) });
      onDeleted?.();
    } catch (error) {
      showError(mediaDeleteError(error));
    }
  };

  // The dialog that deleted the item may be gone by now: only the snackbar and the list are left to tell.
  const undo = async (id: number) => {
    try {
      await restore(id);
      showSuccess(text.restored);
    } catch (error) {
      showError(mediaRestoreError(error));
    }
  };

  /** The item's file (the kind's usual one, or `format`) saved by the browser; a failure is told in the kind's words. */
  const startDownload = async (id: number, format?: string) => {
    try {
      await download.mutateAsync({ id, format });
    } catch {
      showError(text.downloadError);
    }
  };

  return {
    save,
    confirmDelete,
    startDownload,
    confirmingDelete,
    askDelete: () => setConfirmingDelete(true),
    cancelDelete: () => setConfirmingDelete(false),
    saving: update.isPending,
    deleting: remove.isPending,
    downloading: download.isPending,
    /** An edit or a deletion is running: the dialog should not close under it. */
    busy: update.isPending || remove.isPending,
  };
}
