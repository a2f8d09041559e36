'use client';

import { ConfirmMediaDelete } from '@/components/media/media-item-actions';
import { useMediaItemActions } from '@/hooks/use-media-item-actions';
import { usePlaybackPositions } from '@/hooks/use-playback-positions';
import type { MediaKind, MediaRecord } from '@/lib/contract/media';
import { MEDIA_KINDS } from '@/lib/media/kinds';

/**
 * 500 px confirmation; deletion is one DELETE (the spec's other ways only when it cannot get through), moves the
 * item to the trash (the snackbar offers «Отменить») and, for a recording, forgets its playback position.
 */
export function DeleteMediaDialog({ kind, record, onClose }: { kind: MediaKind; record: MediaRecord; onClose: () => void }) {
  const positions = usePlaybackPositions();
  const actions = useMediaItemActions(kind, {
    onDeleted: () => {
      // A deleted recording leaves no remembered playback position behind (only recordings have one).
      if (kind === 'audio') positions?.forget(record.id);
      onClose();
    },
  });

  return (
    <ConfirmMediaDelete
      open
      title={MEDIA_KINDS[kind].text.deleteTitle}
      name={record.title}
      busy={actions.deleting}
      onConfirm={() => void actions.confirmDelete(record.id)}
      onCancel={onClose}
    />
  );
}
