'use client';

import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useAudioList } from '@/hooks/use-audio-list';
import { useRefreshAudioList } from '@/hooks/use-audio-mutations';
import { useMediaUnsavedRecordings } from '@/hooks/use-media-unsaved-recordings';
import { isRecordingSupported } from '@/hooks/use-recorder';
import { useSnackbar } from '@/hooks/use-snackbar';
import { AUDIO_LIST_ERROR, type AudioRecord } from '@/lib/api/media';
import { DEFAULT_SORT, visibleRecords, type SortOrder } from '@/lib/media/sort-search';
import { AudioList } from './audio-list';
import { AudioToolbar } from './audio-toolbar';
import { DeleteAudioDialog } from './delete-audio-dialog';
import { EditAudioDialog } from './edit-audio-dialog';
import { RECORDER_MESSAGES } from './recorder';
import { RecorderDialog } from './recorder-dialog';
import { RestoreRecordingBanner } from './restore-recording-banner';

export const AUDIO_SAVED_MESSAGE = 'Аудиозапись успешно сохранена';

/** 'Мои аудиозаписи': recorder, unsaved-recording offer, search/sort and the virtual list. */
export function AudioScreen() {
  const list = useAudioList();
  const refreshList = useRefreshAudioList();
  const { showSuccess, showError } = useSnackbar();
  const unsaved = useMediaUnsavedRecordings('audio');

  const [recorderOpen, setRecorderOpen] = useState(false);
  const [restoreId, setRestoreId] = useState<string | null>(null);
  const [editing, setEditing] = useState<AudioRecord | null>(null);
  const [deleting, setDeleting] = useState<AudioRecord | null>(null);
  const [query, setQuery] = useState('');
  const [order, setOrder] = useState<SortOrder>(DEFAULT_SORT);
  const deferredQuery = useDeferredValue(query);

  const records = list.data;
  const visible = useMemo(() => (records ? visibleRecords(records, deferredQuery, order) : []), [records, deferredQuery, order]);

  const openRecorder = () => {
    if (!isRecordingSupported()) {
      showError(RECORDER_MESSAGES.unsupported);
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
    showSuccess(AUDIO_SAVED_MESSAGE);
    refreshList();
  }, [showSuccess, refreshList]);

  const onEdit = useCallback((r: AudioRecord) => setEditing(r), []);
  const onDelete = useCallback((r: AudioRecord) => setDeleting(r), []);

  const pending = !recorderOpen ? unsaved.sessions[0] : undefined;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Мои аудиозаписи</h1>
        <Button onClick={openRecorder}>Записать аудио</Button>
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

      <AudioToolbar query={query} onQueryChange={setQuery} order={order} onOrderChange={setOrder} />

      {list.isPending ? (
        <div className="flex justify-center py-10 text-slate-700">
          <Spinner className="h-8 w-8" label="Загрузка аудиозаписей" />
        </div>
      ) : list.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-8 text-center">
          <p className="text-red-800">{AUDIO_LIST_ERROR}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Повторить
          </Button>
        </div>
      ) : records && records.length === 0 ? (
        <EmptyState title="Пока нет записей" description="Нажмите «Записать аудио», чтобы сделать первую запись." />
      ) : visible.length === 0 ? (
        <EmptyState title="Ничего не найдено" description="Измените запрос поиска." />
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {deferredQuery.trim() ? `Найдено: ${visible.length}` : `Всего записей: ${visible.length}`}
          </p>
          <AudioList records={visible} onEdit={onEdit} onDelete={onDelete} />
        </>
      )}

      {recorderOpen ? <RecorderDialog onClose={closeRecorder} onSaved={onSaved} restoreSessionId={restoreId} /> : null}
      {editing ? <EditAudioDialog key={editing.id} record={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteAudioDialog key={deleting.id} record={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}
