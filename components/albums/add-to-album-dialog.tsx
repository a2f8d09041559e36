'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { LoadFailed } from '@/components/ui/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { useAddToAlbum, useAlbums, useCreateAlbum } from '@/components/albums/use-albums';
import { useSnackbar } from '@/hooks/use-snackbar';
import type { Album, ItemRef } from '@/lib/api/albums';
import { ALBUM_ITEMS_PER_REQUEST } from '@/contract/albums';
import { albumCount } from '@/lib/media/albums/album-runs';
import type { AlbumDetails } from '@/lib/schemas/album';
import { AlbumCover } from './album-cover';
import { AlbumDetailsForm } from './album-details-form';
import { TO_ALBUM } from './to-album';
import { ADD_TO_ALBUM_ERROR, addedToAlbum, albumError, ALBUMS_LOAD_ERROR, NEW_ALBUM } from './album-words';

const FORM_ID = 'add-to-new-album-form';

export interface AddToAlbumDialogProps {
  /** The item, from its «⋯» menu or its viewer… */
  item?: ItemRef;
  /** …or the items of a selection, in the order shown. */
  items?: readonly ItemRef[];
  /** What is added: the item's title (shown in quotes), or for a selection its count («Выбрано: 3»). */
  name: string;
  onClose: () => void;
}

/**
 * «В альбом»: the albums I may add to (mine, and those shared with me as «Участник», with their owner's name),
 * newest first — choosing one adds the item (or the selection's items) to it;
 * «Новый альбом» asks for a title (and a description) and creates the album with them in it in one go. A
 * snackbar says where they went. A selection larger than one request takes goes in several, in order.
 */
export function AddToAlbumDialog({ item, items, name, onClose }: AddToAlbumDialogProps) {
  const albums = useAlbums();
  const add = useAddToAlbum();
  const create = useCreateAlbum();
  const { showSuccess, showError } = useSnackbar();
  const [creating, setCreating] = useState(false);
  const busy = add.isPending || create.isPending;

  const addTo = async (album: Pick<Album, 'id' | 'title'>) => {
    try {
      const chosen = items ?? (item ? [item] : []);
      for (let start = 0; start < chosen.length; start += ALBUM_ITEMS_PER_REQUEST) {
        await add.mutateAsync({ id: album.id, items: chosen.slice(start, start + ALBUM_ITEMS_PER_REQUEST) });
      }
      showSuccess(addedToAlbum(album.title));
      onClose();
    } catch (error) {
      showError(albumError(ADD_TO_ALBUM_ERROR, error));
    }
  };

  const createAndAdd = async (values: AlbumDetails) => {
    let album: Album;
    try {
      album = await create.mutateAsync({ title: values.title, description: values.description });
    } catch (error) {
      showError(albumError(ADD_TO_ALBUM_ERROR, error));
      return;
    }
    await addTo(album);
  };

  // Mine, and those shared with me where I add my own («Участник»); where I only look, nothing is added.
  const list = (albums.data ?? []).filter((album) => album.role !== 'viewer');
  return (
    <Dialog
      open
      onClose={() => {
        if (!busy) onClose();
      }}
      title={creating ? NEW_ALBUM : TO_ALBUM}
      width={500}
      variant="sheet"
      footer={
        creating ? (
          <>
            <Button variant="secondary" onClick={() => setCreating(false)} disabled={busy}>
              Назад
            </Button>
            <Button type="submit" form={FORM_ID} loading={busy}>
              Создать и добавить
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Отмена
          </Button>
        )
      }
    >
      <p className="mb-3 break-words text-sm text-fg-muted">
        {items ? (
          <span className="font-medium text-fg">{name}</span>
        ) : (
          <>
            «<span className="font-medium text-fg">{name}</span>»
          </>
        )}
      </p>
      {creating ? (
        <AlbumDetailsForm formId={FORM_ID} onSubmit={createAndAdd} disabled={busy} />
      ) : (
        <div className="flex flex-col gap-2">
          <Button variant="secondary" className="justify-start" onClick={() => setCreating(true)} disabled={busy}>
            <span aria-hidden="true" className="text-lg leading-none">
              +
            </span>
            {NEW_ALBUM}
          </Button>
          {albums.isPending ? (
            <div role="status" aria-label="Загрузка альбомов" className="flex flex-col gap-2">
              <Skeleton className="h-14" />
              <Skeleton className="h-14" />
            </div>
          ) : albums.isError ? (
            <LoadFailed message={ALBUMS_LOAD_ERROR} onRetry={() => void albums.refetch()} />
          ) : list.length ? (
            <ul aria-label="Альбомы" className="flex max-h-[50vh] flex-col gap-1 overflow-y-auto">
              {list.map((album) => (
                <li key={album.id}>
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => void addTo(album)}
                    className="flex w-full items-center gap-3 rounded-lg p-2 text-left hover:bg-surface-2 disabled:opacity-60"
                  >
                    <AlbumCover cover={album.cover} className="h-12 w-12 shrink-0 rounded-md" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium text-fg">{album.title}</span>
                      <span className="block truncate text-xs text-fg-muted">
                        {albumCount(album.item_count)}
                        {album.owner ? ` · ${album.owner.name}` : null}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="py-2 text-sm text-fg-muted">Альбомов пока нет: создайте первый.</p>
          )}
        </div>
      )}
    </Dialog>
  );
}
