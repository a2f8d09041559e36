'use client';

import { useCallback, useEffect, useState } from 'react';
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
import { useAudioList } from '@/hooks/use-audio-list';
import { useRefreshAudioList } from '@/hooks/use-audio-mutations';
import { useAudioUploads } from '@/hooks/use-audio-uploads';
import { useLinkedRecord } from '@/hooks/use-linked-record';
import { useMediaRecorderLaunch } from '@/hooks/use-media-recorder-launch';
import { useMediaSearch } from '@/hooks/use-media-search';
import { useSnackbar } from '@/hooks/use-snackbar';
import { AUDIO_LIST_ERROR, type AudioRecord } from '@/lib/api/audio';
import { DEFAULT_SORT, visibleRecords, type SortOrder } from '@/lib/media/lists/sort-search';
import { AudioList } from './audio-list';
import { PendingRecordings } from './pending-recordings';

// The recorder and the edit and delete dialogs (with the dialog library, the form and its rules) are fetched
// when they first open, so the list shows without them.
const RecorderDialog = lazyDialog(() => import('@/components/media/recorder-dialog').then((m) => m.RecorderDialog));
const EditAudioDialog = lazyDialog(() => import('./edit-audio-dialog').then((m) => m.EditAudioDialog));
const DeleteAudioDialog = lazyDialog(() => import('./delete-audio-dialog').then((m) => m.DeleteAudioDialog));

export const AUDIO_SAVED_MESSAGE = 'Аудиозапись успешно сохранена';
export const AUDIO_KEPT_MESSAGE = 'Нет сети: запись сохранена на устройстве и отправится сама';

/** 'Аудиозапись загружена' for one file, 'Загружено аудиозаписей: N' for several; null for none. */
export function audiosUploadedMessage(count: number): string | null {
  if (count <= 0) return null;
  return count === 1 ? 'Аудиозапись загружена' : `Загружено аудиозаписей: ${count}`;
}

export const notAnAudioMessage = (name: string) => `Файл «${name}» не является аудиозаписью`;

/** 'Мои аудиозаписи': recorder, file upload, unsaved-recording offer, search/sort and the virtual list. */
export function AudioScreen() {
  const list = useAudioList();
  const refreshList = useRefreshAudioList();
  const { showSuccess, showError } = useSnackbar();
  const recorder = useMediaRecorderLaunch('audio', () => showError(RECORDING_UNSUPPORTED.audio));

  const [editing, setEditing] = useState<AudioRecord | null>(null);
  const [deleting, setDeleting] = useState<AudioRecord | null>(null);
  const records = list.data;
  const search = useMediaSearch<AudioRecord, SortOrder>(records, DEFAULT_SORT, visibleRecords);
  const visible = search.visible;

  const onSaved = useCallback(
    (kept: boolean) => {
      showSuccess(kept ? AUDIO_KEPT_MESSAGE : AUDIO_SAVED_MESSAGE);
      if (!kept) refreshList();
    },
    [showSuccess, refreshList],
  );

  const uploads = useAudioUploads({
    onUploaded: refreshList,
    uploadedMessage: audiosUploadedMessage,
    refusal: (f) => notAnAudioMessage(f.name),
  });
  const onFiles = uploads.offer;

  // A link to one recording (`?id=`, from «Этот файл уже есть в Копилке») brings it into view, outlined.
  const { id: linkedId, done: linkedShown } = useLinkedRecord();
  const [highlightId, setHighlightId] = useState<number | null>(null);
  const { setQuery } = search;
  useEffect(() => {
    if (linkedId === null || !records) return;
    setHighlightId(linkedId);
    setQuery(''); // a search in progress could hide it
    linkedShown();
  }, [linkedId, linkedShown, records, setQuery]);

  const onEdit = useCallback((r: AudioRecord) => setEditing(r), []);
  const onDelete = useCallback((r: AudioRecord) => setDeleting(r), []);

  return (
    <DropZone hint="Отпустите файлы, чтобы загрузить аудиозаписи" onFiles={onFiles}>
      <div className="flex flex-col gap-5">
        <MediaScreenHeader title="Мои аудиозаписи">
          <div className="flex flex-wrap gap-2">
            <FilePickButton accept="audio/*" multiple onFiles={onFiles} inputLabel="Выбрать аудиофайлы" variant="secondary">
              Загрузить аудио
            </FilePickButton>
            <Button onClick={recorder.openRecorder}>Записать аудио</Button>
          </div>
        </MediaScreenHeader>

        {recorder.pending ? (
          <RestoreRecordingBanner session={recorder.pending} onRestore={recorder.restorePending} onDelete={recorder.deletePending} />
        ) : null}

        <UploadList items={uploads.items} onDismiss={uploads.dismiss} label="Загрузка аудиозаписей" />

        <PendingRecordings />

        <MediaToolbar query={search.query} onQueryChange={search.setQuery} order={search.order} onOrderChange={search.setOrder} />

        <MediaListBody
          list={list}
          total={records?.length}
          visibleCount={visible.length}
          searching={search.searching}
          loadingLabel="Загрузка аудиозаписей"
          errorMessage={AUDIO_LIST_ERROR}
          emptyTitle="Пока нет записей"
          emptyDescription="Нажмите «Записать аудио», чтобы сделать первую запись."
          totalLabel={(n) => `Всего записей: ${n}`}
        >
          <AudioList records={visible} onEdit={onEdit} onDelete={onDelete} highlightId={highlightId} />
        </MediaListBody>

        {recorder.open ? (
          <RecorderDialog kind="audio" onClose={recorder.closeRecorder} onSaved={onSaved} restoreSessionId={recorder.restoreId} />
        ) : null}
        {editing ? <EditAudioDialog key={editing.id} record={editing} onClose={() => setEditing(null)} /> : null}
        {deleting ? <DeleteAudioDialog key={deleting.id} record={deleting} onClose={() => setDeleting(null)} /> : null}
      </div>
    </DropZone>
  );
}
