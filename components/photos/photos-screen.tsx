'use client';

import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { AudioToolbar } from '@/components/audio/audio-toolbar';
import { DropZone } from '@/components/media/drop-zone';
import { FilePickButton } from '@/components/media/file-pick-button';
import { UploadList } from '@/components/media/upload-list';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { usePhotoList } from '@/hooks/use-photo-list';
import { useRefreshPhotoList } from '@/hooks/use-photo-mutations';
import { usePhotoUploads } from '@/hooks/use-photo-uploads';
import { useSnackbar } from '@/hooks/use-snackbar';
import { PHOTO_LIST_ERROR, type PhotoRecord } from '@/lib/api/photos';
import { PHOTO_SORT_OPTIONS, visiblePhotos, type PhotoSortOrder } from '@/lib/media/photo-order';
import { filesOfType } from '@/lib/media/upload-queue';
import { indexAfterChange } from '@/lib/media/viewer-index';
import { PhotoGrid } from './photo-grid';
import { PhotoViewerDialog } from './photo-viewer-dialog';

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
  const { showSuccess } = useSnackbar();
  const [query, setQuery] = useState('');
  const [order, setOrder] = useState<PhotoSortOrder>('newest');
  const deferredQuery = useDeferredValue(query);

  const photos = list.data;
  const visible = useMemo(() => (photos ? visiblePhotos(photos, deferredQuery, order) : []), [photos, deferredQuery, order]);

  const uploads = usePhotoUploads({
    onUploaded: refreshList,
    onBatchDone: ({ succeeded }) => {
      const message = photosUploadedMessage(succeeded);
      if (message) showSuccess(message);
    },
  });

  const onFiles = useCallback(
    (files: File[]) => {
      const { accepted, rejected } = filesOfType(files, 'image/');
      rejected.forEach((f) => uploads.reject(f, notAnImageMessage(f.name)));
      uploads.add(accepted);
    },
    [uploads],
  );

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
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold text-slate-900">Мои фотографии</h1>
          <FilePickButton accept="image/*" multiple onFiles={onFiles} inputLabel="Выбрать фотографии">
            Загрузить фотографии
          </FilePickButton>
        </div>
        <p className="-mt-3 text-sm text-slate-600">Перетащите фотографии на страницу или нажмите «Загрузить фотографии».</p>

        <UploadList items={uploads.items} onDismiss={uploads.dismiss} label="Загрузка фотографий" />

        <AudioToolbar query={query} onQueryChange={setQuery} order={order} onOrderChange={setOrder} options={PHOTO_SORT_OPTIONS} />

        {list.isPending ? (
          <div className="flex justify-center py-10 text-slate-700">
            <Spinner className="h-8 w-8" label="Загрузка фотографий" />
          </div>
        ) : list.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-8 text-center">
            <p className="text-red-800">{PHOTO_LIST_ERROR}</p>
            <Button variant="secondary" onClick={() => void list.refetch()}>
              Повторить
            </Button>
          </div>
        ) : photos && photos.length === 0 ? (
          <EmptyState title="Пока нет фотографий" description="Нажмите «Загрузить фотографии» или перетащите файлы сюда." />
        ) : visible.length === 0 ? (
          <EmptyState title="Ничего не найдено" description="Измените запрос поиска." />
        ) : (
          <>
            <p className="text-sm text-slate-600" aria-live="polite">
              {deferredQuery.trim() ? `Найдено: ${visible.length}` : `Всего фотографий: ${visible.length}`}
            </p>
            <PhotoGrid photos={visible} onOpen={openViewer} />
          </>
        )}

        {viewer && viewerIndex >= 0 ? (
          <PhotoViewerDialog photos={visible} index={viewerIndex} onIndexChange={moveViewer} onClose={() => setViewer(null)} />
        ) : null}
      </div>
    </DropZone>
  );
}
