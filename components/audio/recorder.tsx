'use client';

import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { UseRecorder } from '@/hooks/use-recorder';
import { formatClock } from '@/lib/media/recorder-machine';
import type { AudioDetails } from '@/lib/schemas/audio';
import { AudioDetailsForm } from './audio-details-form';

/** Spec §8 recorder messages. */
export const RECORDER_MESSAGES = {
  permission: 'Нет доступа к микрофону. Разрешите доступ к микрофону в настройках браузера.',
  requestPermission: 'Запросить разрешение',
  start: 'Ошибка при начале записи',
  stop: 'Ошибка при остановке записи',
  play: 'Не удалось воспроизвести запись',
  save: 'Ошибка при сохранении записи',
  unsupported: 'Ваш браузер не поддерживает запись аудио. Попробуйте другой браузер.',
} as const;

export interface RecorderProps {
  recorder: UseRecorder;
  /** Submits the save form (the dialog wires it to the upload). */
  onSave: (details: AudioDetails) => void;
}

const SAVE_FORM_ID = 'save-recording-form';

function Alert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </div>
  );
}

export function Recorder({ recorder, onSave }: RecorderProps) {
  const { state } = recorder;
  const { status, error } = state;
  const seconds = status === 'recorded' || status === 'naming' ? (state.recording?.duration ?? state.elapsed) : state.elapsed;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-1 py-2">
        <div className="flex items-center gap-2">
          {status === 'recording' ? <span className="h-3 w-3 animate-pulse rounded-full bg-red-600" aria-hidden="true" /> : null}
          <span className="text-4xl font-semibold tabular-nums text-slate-900" data-testid="recorder-timer" role="timer" aria-live="off">
            {formatClock(seconds)}
          </span>
        </div>
        <span className="text-xs text-slate-600">Максимум {formatClock(state.maxDuration)}</span>
        {status === 'recording' ? <span className="text-sm text-red-700">Идёт запись…</span> : null}
        {state.autoStopped && status === 'recorded' ? (
          <span className="text-sm text-slate-700">Запись остановлена: достигнута максимальная длительность.</span>
        ) : null}
        {state.restored && (status === 'recorded' || status === 'naming') ? (
          <span className="text-sm text-slate-700">Восстановлена несохранённая запись.</span>
        ) : null}
      </div>

      {status === 'error' && error?.kind === 'permission' ? (
        <div className="flex flex-col items-start gap-2">
          <Alert>{RECORDER_MESSAGES.permission}</Alert>
          <Button onClick={() => void recorder.start()}>{RECORDER_MESSAGES.requestPermission}</Button>
        </div>
      ) : null}
      {status === 'error' && error?.kind === 'start' ? (
        <div className="flex flex-col items-start gap-2">
          <Alert>{RECORDER_MESSAGES.start}</Alert>
          <Button onClick={() => void recorder.start()}>Попробовать снова</Button>
        </div>
      ) : null}
      {status === 'error' && error?.kind === 'stop' ? (
        <div className="flex flex-col items-start gap-2">
          <Alert>{RECORDER_MESSAGES.stop}</Alert>
          <Button variant="secondary" onClick={() => void recorder.discard()}>
            Начать заново
          </Button>
        </div>
      ) : null}
      {status === 'error' && error?.kind === 'unsupported' ? <Alert>{RECORDER_MESSAGES.unsupported}</Alert> : null}

      {status === 'idle' ? (
        <div className="flex justify-center">
          <Button onClick={() => void recorder.start()}>Начать запись</Button>
        </div>
      ) : null}

      {status === 'starting' || status === 'stopping' ? (
        <div className="flex justify-center text-slate-700">
          <Spinner className="h-6 w-6" label={status === 'starting' ? 'Подключение к микрофону' : 'Остановка записи'} />
        </div>
      ) : null}

      {status === 'recording' ? (
        <div className="flex justify-center">
          <Button variant="danger" onClick={recorder.stop}>
            Остановить запись
          </Button>
        </div>
      ) : null}

      {status === 'recorded' ? (
        <div className="flex flex-col gap-3">
          {error?.kind === 'play' ? <Alert>{RECORDER_MESSAGES.play}</Alert> : null}
          <div className="flex flex-wrap justify-center gap-2">
            {state.playing ? (
              <Button variant="secondary" onClick={recorder.pause}>
                Пауза
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => void recorder.play()}>
                Прослушать
              </Button>
            )}
            <Button variant="secondary" onClick={() => void recorder.discard()}>
              Удалить запись
            </Button>
            <Button onClick={recorder.requestSave}>Сохранить</Button>
          </div>
        </div>
      ) : null}

      {status === 'naming' ? (
        <div className="flex flex-col gap-3">
          {error?.kind === 'save' ? <Alert>{error.message || RECORDER_MESSAGES.save}</Alert> : null}
          <AudioDetailsForm formId={SAVE_FORM_ID} onSubmit={onSave} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={recorder.cancelSave}>
              Назад
            </Button>
            <Button type="submit" form={SAVE_FORM_ID}>
              Сохранить запись
            </Button>
          </div>
        </div>
      ) : null}

      {status === 'saving' ? (
        <div className="flex flex-col gap-2">
          <span className="text-sm text-slate-800">Сохранение… {Math.round(state.progress * 100)}%</span>
          <div
            role="progressbar"
            aria-label="Загрузка записи"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(state.progress * 100)}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${Math.round(state.progress * 100)}%` }} />
          </div>
        </div>
      ) : null}

      {status === 'saved' ? <p className="text-center text-sm text-emerald-800">Аудиозапись успешно сохранена</p> : null}
    </div>
  );
}
