'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { MediaDetailsForm } from '@/components/media/item/media-details-form';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { LevelMeter } from '@/components/media/recorder/level-meter';
import type { UseRecorder } from '@/components/media/recorder/use-recorder';
import type { MediaDetails } from '@/lib/api/media';
import { MEDIA_KINDS, recorderOf } from '@/lib/media/kinds';
import { formatClock } from '@/lib/media/recording/recorder-machine';
import type { MediaKind } from '@/contract/media';

/** The same for both kinds (what differs is the kind's recorder entry, lib/media/kinds.ts). */
export const RECORDER_COMMON_TEXTS = {
  requestPermission: 'Запросить разрешение',
  start: 'Ошибка при начале записи',
  stop: 'Ошибка при остановке записи',
  play: 'Не удалось воспроизвести запись',
} as const;

export interface RecorderPanelProps {
  /** A recorded kind (its entry has a recorder). */
  kind: MediaKind;
  recorder: UseRecorder;
  /** Submits the save form (the dialog wires it to the upload). */
  onSave: (details: MediaDetails) => void;
}

function Alert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-md border border-danger-line bg-danger-soft px-3 py-2 text-sm text-danger-text">
      {children}
    </div>
  );
}

/** The live camera picture (muted: the microphone must not echo). */
function LivePreview({ stream }: { stream: MediaStream }) {
  const ref = useRef<HTMLVideoElement | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.srcObject = stream;
    void el.play().catch(() => undefined);
    return () => {
      el.srcObject = null;
    };
  }, [stream]);
  return (
    <video
      ref={ref}
      muted
      playsInline
      autoPlay
      className="h-full w-full object-contain"
      data-testid="camera-preview"
      aria-label="Изображение с камеры"
    />
  );
}

/** The camera recorder's picture: live from the moment the dialog opens, then the recorded video. */
function VideoStage({ recorder }: { recorder: UseRecorder }) {
  const { state, stream, recordingUrl, previewState } = recorder;
  const { status } = state;
  const live = stream && (status === 'idle' || status === 'starting' || status === 'recording');
  const playback = (status === 'recorded' || status === 'naming') && recordingUrl;
  let placeholder: string | null = null;
  if (status === 'starting' || (status === 'idle' && previewState === 'acquiring')) placeholder = 'Подключение к камере…';
  else if (status === 'error' || (status === 'idle' && previewState === 'failed')) placeholder = 'Нет изображения с камеры.';

  return (
    <div className="relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-md bg-slate-900">
      {live ? (
        <LivePreview stream={stream} />
      ) : playback ? (
        <video
          key={recordingUrl}
          src={recordingUrl}
          controls
          playsInline
          className="h-full w-full object-contain"
          data-testid="recorded-video"
          aria-label="Записанное видео"
        />
      ) : placeholder ? (
        <p className="px-4 text-center text-sm text-slate-200">{placeholder}</p>
      ) : null}
      {status === 'recording' ? (
        <span className="absolute left-3 top-3 flex items-center gap-2 rounded bg-slate-900/70 px-2 py-1 text-sm text-white">
          <span className="h-3 w-3 animate-pulse rounded-full bg-danger" aria-hidden="true" />
          Идёт запись…
        </span>
      ) : null}
    </div>
  );
}

/** Every state of the recorder machine, for the microphone ('audio') or the camera ('video'). */
export function RecorderPanel({ kind, recorder, onSave }: RecorderPanelProps) {
  const { text: texts, records } = recorderOf(kind);
  const { state } = recorder;
  const { status, error } = state;
  const seconds = status === 'recorded' || status === 'naming' ? (state.recording?.duration ?? state.elapsed) : state.elapsed;
  const isAudio = records === 'audio';
  const percent = Math.round(state.progress * 100);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);

  // Starting and stopping take away the button that was pressed: the focus goes to the next thing to do, and
  // the change is said aloud (the clock itself is not a live region: it would speak every second).
  const stopButton = useRef<HTMLButtonElement>(null);
  const afterStop = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (status === 'recording') stopButton.current?.focus();
    if (status === 'recorded') afterStop.current?.focus();
  }, [status]);
  const said = status === 'recording' ? 'Идёт запись' : status === 'recorded' ? `Запись остановлена, ${formatClock(seconds)}` : '';

  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="sr-only" data-testid="recorder-status">
        {said}
      </p>
      {isAudio ? null : <VideoStage recorder={recorder} />}

      <div className={`flex flex-col items-center gap-1 ${isAudio ? 'py-2' : ''}`}>
        <div className="flex items-center gap-2">
          {isAudio && status === 'recording' ? <span className="h-3 w-3 animate-pulse rounded-full bg-danger" aria-hidden="true" /> : null}
          <span
            className={`${isAudio ? 'text-4xl' : 'text-3xl'} font-semibold tabular-nums text-fg`}
            data-testid="recorder-timer"
            role="timer"
            aria-live="off"
          >
            {formatClock(seconds)}
          </span>
        </div>
        <span className="text-xs text-fg-muted">Максимум {formatClock(state.maxDuration)}</span>
        {isAudio && status === 'recording' ? <span className="text-sm text-danger-text">Идёт запись…</span> : null}
        {/* Whether the microphone hears: its level, live (the stream the recording already has). */}
        {isAudio && status === 'recording' ? <LevelMeter stream={recorder.stream} active /> : null}
        {state.autoStopped && status === 'recorded' ? (
          <span className="text-sm text-fg-muted">Запись остановлена: достигнута максимальная длительность.</span>
        ) : null}
        {state.restored && (status === 'recorded' || status === 'naming') ? (
          <span className="text-sm text-fg-muted">Восстановлена несохранённая запись.</span>
        ) : null}
      </div>

      {status === 'error' && error?.kind === 'permission' ? (
        <div className="flex flex-col items-start gap-2">
          <Alert>{texts.permission}</Alert>
          <Button onClick={() => void recorder.start()}>{RECORDER_COMMON_TEXTS.requestPermission}</Button>
        </div>
      ) : null}
      {status === 'error' && error?.kind === 'start' ? (
        <div className="flex flex-col items-start gap-2">
          <Alert>{RECORDER_COMMON_TEXTS.start}</Alert>
          <Button onClick={() => void recorder.start()}>Попробовать снова</Button>
        </div>
      ) : null}
      {status === 'error' && error?.kind === 'stop' ? (
        <div className="flex flex-col items-start gap-2">
          <Alert>{RECORDER_COMMON_TEXTS.stop}</Alert>
          <Button variant="secondary" onClick={() => void recorder.discard()}>
            Начать заново
          </Button>
        </div>
      ) : null}
      {status === 'error' && error?.kind === 'unsupported' ? <Alert>{texts.unsupported}</Alert> : null}

      {status === 'idle' ? (
        <div className="flex justify-center">
          <Button onClick={() => void recorder.start()}>Начать запись</Button>
        </div>
      ) : null}

      {status === 'starting' || status === 'stopping' ? (
        <div className="flex justify-center text-fg-muted">
          <Spinner className="h-6 w-6" label={status === 'starting' ? texts.connecting : 'Остановка записи'} />
        </div>
      ) : null}

      {status === 'recording' ? (
        <div className="flex justify-center">
          <Button ref={stopButton} variant="danger" onClick={recorder.stop}>
            Остановить запись
          </Button>
        </div>
      ) : null}

      {status === 'recorded' ? (
        <div className="flex flex-col gap-3">
          {error?.kind === 'play' ? <Alert>{RECORDER_COMMON_TEXTS.play}</Alert> : null}
          <div className="flex flex-wrap justify-center gap-2">
            {/* The camera's recording plays in its own <video controls>; audio has these buttons. */}
            {isAudio ? (
              // One button that changes its word, so the focus stays on it between «Прослушать» and «Пауза».
              <Button ref={afterStop} variant="secondary" onClick={state.playing ? recorder.pause : () => void recorder.play()}>
                {state.playing ? 'Пауза' : 'Прослушать'}
              </Button>
            ) : null}
            <Button variant="secondary" onClick={() => setConfirmingDiscard(true)}>
              Удалить запись
            </Button>
            <Button ref={isAudio ? undefined : afterStop} onClick={recorder.requestSave}>
              Сохранить
            </Button>
          </div>
          {/* A take is gone for good once thrown away (it never reached the trash): ask first. */}
          <ConfirmDialog
            open={confirmingDiscard}
            title="Удалить эту запись?"
            message="Записанное не сохранено и пропадёт безвозвратно."
            confirmLabel="Удалить"
            cancelLabel="Отмена"
            onConfirm={() => {
              setConfirmingDiscard(false);
              void recorder.discard();
            }}
            onCancel={() => setConfirmingDiscard(false)}
          />
        </div>
      ) : null}

      {status === 'naming' ? (
        <div className="flex flex-col gap-3">
          {error?.kind === 'save' ? <Alert>{error.message || texts.save}</Alert> : null}
          <MediaDetailsForm formId={texts.formId} schema={MEDIA_KINDS[kind].detailsSchema} onSubmit={onSave} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={recorder.cancelSave}>
              Назад
            </Button>
            <Button type="submit" form={texts.formId}>
              {texts.submitLabel}
            </Button>
          </div>
        </div>
      ) : null}

      {status === 'saving' ? (
        <div className="flex flex-col gap-2">
          <span className="text-sm text-fg">Сохранение… {percent}%</span>
          <div
            role="progressbar"
            aria-label={texts.progressLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full overflow-hidden rounded-full bg-surface-3"
          >
            <div className="h-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
          </div>
        </div>
      ) : null}

      {status === 'saved' && texts.done ? <p className="text-center text-sm text-success-text">{texts.done}</p> : null}
    </div>
  );
}
