'use client';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteAudio } from '@/hooks/use-audio-mutations';
import { useSnackbar } from '@/hooks/use-snackbar';
import { DELETE_ERROR_PREFIX, type AudioRecord } from '@/lib/api/media';

/** 500 px confirmation; deletion runs the spec's DELETE fallbacks. */
export function DeleteAudioDialog({ record, onClose }: { record: AudioRecord; onClose: () => void }) {
  const remove = useDeleteAudio();
  const { showSuccess, showError } = useSnackbar();

  const confirm = async () => {
    try {
      await remove.mutateAsync(record.id);
      showSuccess('Запись удалена');
      onClose();
    } catch (error) {
      showError(error instanceof Error && error.message.startsWith(DELETE_ERROR_PREFIX) ? error.message : `${DELETE_ERROR_PREFIX}${String((error as Error)?.message ?? error)}`);
    }
  };

  return (
    <ConfirmDialog
      open
      title="Удалить запись"
      message={
        <>
          Удалить запись «<span className="font-medium">{record.title}</span>»? Это действие нельзя отменить.
        </>
      }
      confirmLabel="Удалить"
      busy={remove.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
