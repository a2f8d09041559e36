'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { DropZone } from '@/components/media/drop-zone';
import { FilePickButton } from '@/components/media/file-pick-button';
import { MediaListBody } from '@/components/media/media-list-body';
import { MediaScreenHeader } from '@/components/media/media-screen-header';
import { MediaToolbar } from '@/components/media/media-toolbar';
import { RECORDING_UNSUPPORTED } from '@/components/media/recording-unsupported';
import { RestoreRecordingBanner } from '@/components/media/restore-recording-banner';
import { UploadList } from '@/components/media/upload-list';
import { Button } from '@/components/ui/button';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { useMediaRecorderLaunch } from '@/hooks/use-media-recorder-launch';
import { useLinkedRecord } from '@/hooks/use-linked-record';
import { useMediaSearch } from '@/hooks/use-media-search';
import { useSnackbar } from '@/hooks/use-snackbar';
import { useVideoList } from '@/hooks/use-video-list';
import { useRefreshVideoList } from '@/hooks/use-video-mutations';
import { useVideoUploads } from '@/hooks/use-video-uploads';
import { VIDEO_LIST_ERROR, type VideoRecord } from '@/lib/api/video';
import { DEFAULT_SORT, visibleRecords, type SortOrder } from '@/lib/media/lists/sort-search';
import { VideoGrid } from './video-grid';

// The recorder and the player dialog (with the dialog library, the form and its rules) are fetched when they
// first open, so the cards show without them.
const RecorderDialog = lazyDialog(() => import('@/components/media/recorder-dialog').then((m) => m.RecorderDialog));
const VideoPlayerDialog = lazyDialog(() => import('./video-player-dialog').then((m) => m.VideoPlayerDialog));

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
  const recorder = useMediaRecorderLaunch('video', () => showError(RECORDING_UNSUPPORTED.video));

  const [openId, setOpenId] = useState<number | null>(null);
  const videos = list.data;
  const search = useMediaSearch<VideoRecord, SortOrder>(videos, DEFAULT_SORT, visibleRecords);
  const visible = search.visible;
  // The dialog shows the live record, so a card that finishes processing becomes playable in place.
  const opened = openId !== null ? (videos?.find((v) => v.id === openId) ?? null) : null;

  const uploads = useVideoUploads({
    onUploaded: refreshList,
    uploadedMessage: videosUploadedMessage,
    refusal: (f) => notAVideoMessage(f.name),
  });
  const onFiles = uploads.offer;

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

  // A link to one video (`?id=`, from «Этот файл уже есть в Копилке») opens its player once the list is there.
  const { id: linkedId, done: linkedShown } = useLinkedRecord();
  useEffect(() => {
    if (linkedId === null || !videos) return;
    if (videos.some((v) => v.id === linkedId)) setOpenId(linkedId);
    linkedShown();
  }, [linkedId, linkedShown, videos]);

  const onOpen = useCallback((v: VideoRecord) => setOpenId(v.id), []);

  return (
    <DropZone hint="Отпустите файлы, чтобы загрузить видео" onFiles={onFiles}>
      <div className="flex flex-col gap-5">
        <MediaScreenHeader title="Мои видео">
          <div className="flex flex-wrap gap-2">
            <FilePickButton accept="video/*" multiple onFiles={onFiles} inputLabel="Выбрать видеофайлы" variant="secondary">
              Загрузить видео
            </FilePickButton>
            <Button onClick={recorder.openRecorder}>Записать видео</Button>
          </div>
        </MediaScreenHeader>

        {recorder.pending ? (
          <RestoreRecordingBanner session={recorder.pending} onRestore={recorder.restorePending} onDelete={recorder.deletePending} />
        ) : null}

        <UploadList items={uploads.items} onDismiss={uploads.dismiss} label="Загрузка видео" />

        <MediaToolbar query={search.query} onQueryChange={search.setQuery} order={search.order} onOrderChange={search.setOrder} />

        <MediaListBody
          list={list}
          total={videos?.length}
          visibleCount={visible.length}
          searching={search.searching}
          loadingLabel="Загрузка видео"
          errorMessage={VIDEO_LIST_ERROR}
          emptyTitle="Пока нет видео"
          emptyDescription="Нажмите «Записать видео» или загрузите видеофайл."
          totalLabel={(n) => `Всего видео: ${n}`}
        >
          <VideoGrid videos={visible} onOpen={onOpen} />
        </MediaListBody>

        {recorder.open ? (
          <RecorderDialog kind="video" onClose={recorder.closeRecorder} onSaved={onSaved} restoreSessionId={recorder.restoreId} />
        ) : null}
        {opened ? <VideoPlayerDialog key={opened.id} video={opened} onClose={() => setOpenId(null)} /> : null}
      </div>
    </DropZone>
  );
}
