'use client';

import { ConfirmMediaDelete } from '@/components/media/media-item-actions';
import { useDeleteAudio, useRestoreAudio } from '@/hooks/use-audio-mutations';
import { useMediaItemActions } from '@/hooks/use-media-item-actions';
import { usePlaybackPositions } from '@/hooks/use-playback-positions';
import type { AudioRecord } from '@/lib/api/audio';

/**
 * 500 px confirmation; deletion is one DELETE (the spec's other ways only when it cannot get through), moves the
 * recording to the trash (the snackbar offers «Отменить») and forgets its playback position.
 */
export function DeleteAudioDialog({ record, onClose }: { record: AudioRecord; onClose: () => void }) {
  const remove = useDeleteAudio();
  const restore = useRestoreAudio();
  const positions = usePlaybackPositions();
  const actions = useMediaItemActions({
    remove,
    restore,
    deletedMessage: 'Запись удалена',
    restoredMessage: 'Запись восстановлена',
    onDeleted: () => {
      // A deleted recording leaves no remembered playback position behind.
      positions?.forget(record.id);
      onClose();
    },
  });

  return (
    <ConfirmMediaDelete
      open
      title="Удалить запись"
      name={record.title}
      busy={remove.isPending}
      onConfirm={() => void actions.confirmDelete(record.id)}
      onCancel={onClose}
    />
  );
}
