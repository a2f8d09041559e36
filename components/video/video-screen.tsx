'use client';

import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { AudioToolbar } from '@/components/audio/audio-toolbar';
import { RestoreRecordingBanner } from '@/components/audio/restore-recording-banner';
import { DropZone } from '@/components/media/drop-zone';
import { FilePickButton } from '@/components/media/file-pick-button';
import { UploadList } from '@/components/media/upload-list';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useMediaUnsavedRecordings } from '@/hooks/use-media-unsaved-recordings';
import { isRecordingSupported } from '@/hooks/use-recorder';
import { useSnackbar } from '@/hooks/use-snackbar';
import { useVideoList } from '@/hooks/use-video-list';
import { useRefreshVideoList } from '@/hooks/use-video-mutations';
import { useVideoUploads } from '@/hooks/use-video-uploads';
import { VIDEO_LIST_ERROR, type VideoRecord } from '@/lib/api/video';
import { DEFAULT_SORT, visibleRecords, type SortOrder } from '@/lib/media/sort-search';
import { filesOfType } from '@/lib/media/upload-queue';
import { VideoGrid } from './video-grid';
import { VideoPlayerDialog } from './video-player-dialog';
import { VIDEO_RECORDER_MESSAGES } from './video-recorder';
import { VideoRecorderDialog } from './video-recorder-dialog';

export const VIDEO_SAVED_MESSAGE = 'Видео успешно сохранено';

/** 'Видео загружено' for one file, 'Загружено видео: N' for several; null for none. */
export function videosUploadedMessage(count: number): string | null {
  if (count <= 0) return null;
  return count === 1 ? 'Видео загружено' : `Загружено видео: ${count}`;
}

export const notAVideoMessage = (name: string) => `Файл «${name}» не является видеозаписью`;

/** 'Мои видео': camera recorder, file upload, unsaved-recording offer, poster cards and the player. */
export function VideoScreen() {
  const list = useVideoList();
  const refreshList = useRefreshVideoList();
  const { showSuccess, showError } = useSnackbar();
  const unsaved = useMediaUnsavedRecordings('video');

  const [recorderOpen, setRecorderOpen] = useState(false);
  const [restoreId, setRestoreId] = useState<string | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const [order, setOrder] = useState<SortOrder>(DEFAULT_SORT);
  const deferredQuery = useDeferredValue(query);

  const videos = list.data;
  const visible = useMemo(() => (videos ? visibleRecords(videos, deferredQuery, order) : []), [videos, deferredQuery, order]);
  // The dialog shows the live record, so a card that finishes processing becomes playable in place.
  const opened = openId !== null ? (videos?.find((v) => v.id === openId) ?? null) : null;

  const uploads = useVideoUploads({
    onUploaded: refreshList,
    onBatchDone: ({ succeeded }) => {
      const message = videosUploadedMessage(succeeded);
      if (message) showSuccess(message);
    },
  });

  const onFiles = useCallback(
    (files: File[]) => {
      const { accepted, rejected } = filesOfType(files, 'video/');
      rejected.forEach((f) => uploads.reject(f, notAVideoMessage(f.name)));
      uploads.add(accepted);
    },
    [uploads],
  );

  const openRecorder = () => {
    if (!isRecordingSupported()) {
      showError(VIDEO_RECORDER_MESSAGES.unsupported);
      return;
    }
    setRestoreId(null);
    setRecorderOpen(true);
  };

  const closeRecorder = useCallback(() => {
    setRecorderOpen(false);
    setRestoreId(null);
    void unsaved.refresh();
  }, [unsaved]);

  const onSaved = useCallback(() => {
    showSuccess(VIDEO_SAVED_MESSAGE);
    refreshList();
  }, [showSuccess, refreshList]);

  // A deleted video closes its dialog; focus goes back to its card when it still exists.
  const lastOpened = useRef<number | null>(null);
  useEffect(() => {
    if (openId !== null) {
      lastOpened.current = openId;
      if (videos && !videos.some((v) => v.id === openId)) setOpenId(null);
      return;
    }
    const id = lastOpened.current;
    lastOpened.current = null;
    if (id === null) return;
    const t = setTimeout(() => document.querySelector<HTMLElement>(`[data-video-id="${id}"]`)?.focus(), 0);
    return () => clearTimeout(t);
  }, [openId, videos]);

  const onOpen = useCallback((v: VideoRecord) => setOpenId(v.id), []);
  const pending = !recorderOpen ? unsaved.sessions[0] : undefined;

  return (
    <DropZone hint="Отпустите файлы, чтобы загрузить видео" onFiles={onFiles}>
      <div className="flex flex-col gap-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold text-slate-900">Мои видео</h1>
          <div className="flex flex-wrap gap-2">
            <FilePickButton accept="video/*" multiple onFiles={onFiles} inputLabel="Выбрать видеофайлы" variant="secondary">
              Загрузить видео
            </FilePickButton>
            <Button onClick={openRecorder}>Записать видео</Button>
          </div>
        </div>

        {pending ? (
          <RestoreRecordingBanner
            session={pending}
            onRestore={() => {
              unsaved.hide(pending.id);
              setRestoreId(pending.id);
              setRecorderOpen(true);
            }}
            onDelete={() => void unsaved.remove(pending.id)}
          />
        ) : null}

        <UploadList items={uploads.items} onDismiss={uploads.dismiss} label="Загрузка видео" />

        <AudioToolbar query={query} onQueryChange={setQuery} order={order} onOrderChange={setOrder} />

        {list.isPending ? (
          <div className="flex justify-center py-10 text-slate-700">
            <Spinner className="h-8 w-8" label="Загрузка видео" />
          </div>
        ) : list.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-8 text-center">
            <p className="text-red-800">{VIDEO_LIST_ERROR}</p>
            <Button variant="secondary" onClick={() => void list.refetch()}>
              Повторить
            </Button>
          </div>
        ) : videos && videos.length === 0 ? (
          <EmptyState title="Пока нет видео" description="Нажмите «Записать видео» или загрузите видеофайл." />
        ) : visible.length === 0 ? (
          <EmptyState title="Ничего не найдено" description="Измените запрос поиска." />
        ) : (
          <>
            <p className="text-sm text-slate-600" aria-live="polite">
              {deferredQuery.trim() ? `Найдено: ${visible.length}` : `Всего видео: ${visible.length}`}
            </p>
            <VideoGrid videos={visible} onOpen={onOpen} />
          </>
        )}

        {recorderOpen ? <VideoRecorderDialog onClose={closeRecorder} onSaved={onSaved} restoreSessionId={restoreId} /> : null}
        {opened ? <VideoPlayerDialog key={opened.id} video={opened} onClose={() => setOpenId(null)} /> : null}
      </div>
    </DropZone>
  );
}
