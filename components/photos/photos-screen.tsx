'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { DropZone } from '@/components/media/drop-zone';
import { FilePickButton } from '@/components/media/file-pick-button';
import { MediaListBody } from '@/components/media/media-list-body';
import { MediaScreenHeader } from '@/components/media/media-screen-header';
import { MediaToolbar } from '@/components/media/media-toolbar';
import { UploadList } from '@/components/media/upload-list';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { usePhotoList } from '@/hooks/use-photo-list';
import { useRefreshPhotoList } from '@/hooks/use-photo-mutations';
import { useLinkedRecord } from '@/hooks/use-linked-record';
import { useMediaSearch } from '@/hooks/use-media-search';
import { usePhotoUploads } from '@/hooks/use-photo-uploads';
import { PHOTO_LIST_ERROR, type PhotoRecord } from '@/lib/api/photos';
import { PHOTO_SORT_OPTIONS, visiblePhotos, type PhotoSortOrder } from '@/lib/media/lists/photo-order';
import { indexAfterChange } from '@/lib/media/lists/viewer-index';
import { PhotoGrid } from './photo-grid';

// The viewer (with the dialog library, the form and its rules) is fetched when it first opens, so the gallery
// shows without it.
const PhotoViewerDialog = lazyDialog(() => import('./photo-viewer-dialog').then((m) => m.PhotoViewerDialog));

/** 'Фотография загружена' for one, 'Загружено фотографий: N' for several; null for none. */
export function photosUploadedMessage(count: number): string | null {
  if (count <= 0) return null;
  return count === 1 ? 'Фотография загружена' : `Загружено фотографий: ${count}`;
}

export const notAnImageMessage = (name: string) => `Файл «${name}» не является изображением`;

/** 'Мои фотографии': upload (button or drop) with per-file progress, search/sort, gallery and viewer. */
export function PhotosScreen() {
  const list = usePhotoList();
  const refreshList = useRefreshPhotoList();
  const photos = list.data;
  const search = useMediaSearch<PhotoRecord, PhotoSortOrder>(photos, 'newest', visiblePhotos);
  const visible = search.visible;

  const uploads = usePhotoUploads({
    onUploaded: refreshList,
    uploadedMessage: photosUploadedMessage,
    refusal: (f) => notAnImageMessage(f.name),
  });
  const onFiles = uploads.offer;

  // The viewer follows a photo by id, so a refetch or a deletion keeps it on the right one.
  const [viewer, setViewer] = useState<{ id: number; index: number } | null>(null);
  const viewerIndex = viewer ? indexAfterChange(visible, viewer.id, viewer.index) : -1;
  const lastViewedId = useRef<number | null>(null);

  useEffect(() => {
    if (!viewer) return;
    if (viewerIndex < 0) {
      setViewer(null); // the last photo was deleted
      return;
    }
    const current = visible[viewerIndex]!;
    lastViewedId.current = current.id;
    if (current.id !== viewer.id || viewerIndex !== viewer.index) setViewer({ id: current.id, index: viewerIndex });
  }, [viewer, viewerIndex, visible]);

  // Focus goes back to the tile of the photo last shown (after the dialog's own focus restore).
  useEffect(() => {
    if (viewer || lastViewedId.current === null) return;
    const id = lastViewedId.current;
    lastViewedId.current = null;
    const t = setTimeout(() => {
      const tile = document.querySelector<HTMLElement>(`[data-photo-id="${id}"]`);
      tile?.focus();
    }, 0);
    return () => clearTimeout(t);
  }, [viewer]);

  // A link to one photo (`?id=`, from «Этот файл уже есть в Копилке») opens it in the viewer once the gallery is there.
  const { id: linkedId, done: linkedShown } = useLinkedRecord();
  useEffect(() => {
    if (linkedId === null || !photos) return;
    const index = visible.findIndex((p) => p.id === linkedId);
    if (index >= 0) setViewer({ id: linkedId, index });
    linkedShown();
  }, [linkedId, linkedShown, photos, visible]);

  const openViewer = useCallback((photo: PhotoRecord, index: number) => setViewer({ id: photo.id, index }), []);
  const moveViewer = useCallback(
    (index: number) => {
      const target = visible[index];
      if (target) setViewer({ id: target.id, index });
    },
    [visible],
  );

  return (
    <DropZone hint="Отпустите файлы, чтобы загрузить фотографии" onFiles={onFiles}>
      <div className="flex flex-col gap-5">
        <MediaScreenHeader title="Мои фотографии">
          <FilePickButton accept="image/*" multiple onFiles={onFiles} inputLabel="Выбрать фотографии">
            Загрузить фотографии
          </FilePickButton>
        </MediaScreenHeader>
        <p className="-mt-3 text-sm text-slate-600">Перетащите фотографии на страницу или нажмите «Загрузить фотографии».</p>

        <UploadList items={uploads.items} onDismiss={uploads.dismiss} label="Загрузка фотографий" />

        <MediaToolbar
          query={search.query}
          onQueryChange={search.setQuery}
          order={search.order}
          onOrderChange={search.setOrder}
          options={PHOTO_SORT_OPTIONS}
        />

        <MediaListBody
          list={list}
          total={photos?.length}
          visibleCount={visible.length}
          searching={search.searching}
          loadingLabel="Загрузка фотографий"
          errorMessage={PHOTO_LIST_ERROR}
          emptyTitle="Пока нет фотографий"
          emptyDescription="Нажмите «Загрузить фотографии» или перетащите файлы сюда."
          totalLabel={(n) => `Всего фотографий: ${n}`}
        >
          <PhotoGrid photos={visible} onOpen={openViewer} />
        </MediaListBody>

        {viewer && viewerIndex >= 0 ? (
          <PhotoViewerDialog photos={visible} index={viewerIndex} onIndexChange={moveViewer} onClose={() => setViewer(null)} />
        ) : null}
      </div>
    </DropZone>
  );
}
