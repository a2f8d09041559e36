'use client';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useSnackbar } from '@/hooks/use-snackbar';
import { useCreateAlbum, useUpdateAlbum } from '@/components/albums/use-albums';
import type { Album } from '@/lib/api/albums';
import type { AlbumDetails } from '@/lib/schemas/album';
import { AlbumDetailsForm } from './album-details-form';
import { ALBUM_SAVE_ERROR, ALBUM_SAVED, albumCreated, albumError, CREATE_ALBUM } from './album-words';

/**
 * «Создать альбом» (no `album`) or the album's «Изменить»: title and description in a 500 px dialog. A refusal
 * keeps the dialog open and says why in a snackbar; success closes it with a snackbar and hands the album on.
 */
export function AlbumDetailsDialog({ album, onClose, onSaved }: { album?: Album; onClose: () => void; onSaved?: (album: Album) => void }) {
  const create = useCreateAlbum();
  const update = useUpdateAlbum();
  const { showSuccess, showError } = useSnackbar();
  const saving = create.isPending || update.isPending;
  const formId = album ? `album-${album.id}-form` : 'new-album-form';

  const save = async (values: AlbumDetails) => {
    try {
      const saved = album
        ? await update.mutateAsync({ id: album.id, edit: values })
        : await create.mutateAsync({ title: values.title, description: values.description });
      showSuccess(album ? ALBUM_SAVED : albumCreated(saved.title));
      onClose();
      onSaved?.(saved);
    } catch (error) {
      showError(albumError(ALBUM_SAVE_ERROR, error));
    }
  };

  return (
    <Dialog
      open
      onClose={() => {
        if (!saving) onClose();
      }}
      title={album ? 'Изменить альбом' : CREATE_ALBUM}
      width={500}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Отмена
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {album ? 'Сохранить' : 'Создать'}
          </Button>
        </>
      }
    >
      <AlbumDetailsForm
        formId={formId}
        defaultValues={album ? { title: album.title, description: album.description } : undefined}
        onSubmit={save}
        disabled={saving}
      />
    </Dialog>
  );
}
