'use client';

import { ConfirmMediaDelete } from '@/components/media/media-item-actions';
import { useDeleteAudio } from '@/hooks/use-audio-mutations';
import { useMediaItemActions } from '@/hooks/use-media-item-actions';
import type { AudioRecord } from '@/lib/api/audio';

/** 500 px confirmation; deletion is one DELETE (the spec's other ways only when it cannot get through). */
export function DeleteAudioDialog({ record, onClose }: { record: AudioRecord; onClose: () => void }) {
  const remove = useDeleteAudio();
  const actions = useMediaItemActions({ remove, deletedMessage: 'Запись удалена', onDeleted: onClose });

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
