'use client';

import { ConfirmMediaDelete } from '@/components/media/media-item-actions';
import { useDeleteAudio } from '@/hooks/use-audio-mutations';
import { useMediaItemActions } from '@/hooks/use-media-item-actions';
import { usePlaybackPositions } from '@/hooks/use-playback-positions';
import type { AudioRecord } from '@/lib/api/audio';

/** 500 px confirmation; deletion is one DELETE (the spec's other ways only when it cannot get through) and forgets the recording's playback position. */
export function DeleteAudioDialog({ record, onClose }: { record: AudioRecord; onClose: () => void }) {
  const remove = useDeleteAudio();
  const positions = usePlaybackPositions();
  const actions = useMediaItemActions({
    remove,
    deletedMessage: 'Запись удалена',
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
