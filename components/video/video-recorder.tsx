'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { AudioDetailsForm } from '@/components/audio/audio-details-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { UseRecorder } from '@/hooks/use-recorder';
import { formatClock } from '@/lib/media/recorder-machine';
import { videoDetailsSchema, type VideoDetails } from '@/lib/schemas/video';

/** The video recorder's messages (the audio ones, with the camera in place of the microphone). */
export const VIDEO_RECORDER_MESSAGES = {
  permission: 'Нет доступа к камере. Разрешите доступ к камере в настройках браузера.',
  requestPermission: 'Запросить разрешение',
  start: 'Ошибка при начале записи',
  stop: 'Ошибка при остановке записи',
  save: 'Ошибка при сохранении видео',
  unsupported: 'Ваш браузер не поддерживает запись видео. Попробуйте другой браузер.',
} as const;

const SAVE_FORM_ID = 'save-video-form';

function Alert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </div>
  );
}

/** The live camera picture while recording (muted: the microphone must not echo). */
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
  return <video ref={ref} muted playsInline autoPlay className="h-full w-full object-contain" data-testid="camera-preview" aria-label="Изображение с камеры" />;
}

export function VideoRecorder({ recorder, onSave }: { recorder: UseRecorder; onSave: (details: VideoDetails) => void }) {
  const { state, stream, recordingUrl } = recorder;
  const { status, error } = state;
  const seconds = status === 'recorded' || status === 'naming' ? (state.recording?.duration ?? state.elapsed) : state.elapsed;
  const showPlayback = (status === 'recorded' || status === 'naming') && recordingUrl;

  return (
    <div className="flex flex-col gap-4">
      <div className="relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-md bg-slate-900">
        {status === 'recording' && stream ? (
          <LivePreview stream={stream} />
        ) : showPlayback ? (
          <video key={recordingUrl} src={recordingUrl} controls playsInline className="h-full w-full object-contain" data-testid="recorded-video" aria-label="Записанное видео" />
        ) : (
          <p className="px-4 text-center text-sm text-slate-200">
            {status === 'starting' ? 'Подключение к камере…' : 'Камера включится, когда вы начнёте запись.'}
          </p>
        )}
        {status === 'recording' ? (
          <span className="absolute left-3 top-3 flex items-center gap-2 rounded bg-slate-900/70 px-2 py-1 text-sm text-white">
            <span className="h-3 w-3 animate-pulse rounded-full bg-red-600" aria-hidden="true" />
            Идёт запись…
          </span>
        ) : null}
      </div>

      <div className="flex flex-col items-center gap-1">
        <span className="text-3xl font-semibold tabular-nums text-slate-900" data-testid="recorder-timer" role="timer" aria-live="off">
          {formatClock(seconds)}
        </span>
        <span className="text-xs text-slate-600">Максимум {formatClock(state.maxDuration)}</span>
        {state.autoStopped && status === 'recorded' ? (
          <span className="text-sm text-slate-700">Запись остановлена: достигнута максимальная длительность.</span>
        ) : null}
        {state.restored && (status === 'recorded' || status === 'naming') ? (
          <span className="text-sm text-slate-700">Восстановлена несохранённая запись.</span>
        ) : null}
      </div>

      {status === 'error' && error?.kind === 'permission' ? (
        <div className="flex flex-col items-start gap-2">
          <Alert>{VIDEO_RECORDER_MESSAGES.permission}</Alert>
          <Button onClick={() => void recorder.start()}>{VIDEO_RECORDER_MESSAGES.requestPermission}</Button>
        </div>
      ) : null}
      {status === 'error' && error?.kind === 'start' ? (
        <div className="flex flex-col items-start gap-2">
          <Alert>{VIDEO_RECORDER_MESSAGES.start}</Alert>
          <Button onClick={() => void recorder.start()}>Попробовать снова</Button>
        </div>
      ) : null}
      {status === 'error' && error?.kind === 'stop' ? (
        <div className="flex flex-col items-start gap-2">
          <Alert>{VIDEO_RECORDER_MESSAGES.stop}</Alert>
          <Button variant="secondary" onClick={() => void recorder.discard()}>
            Начать заново
          </Button>
        </div>
      ) : null}
      {status === 'error' && error?.kind === 'unsupported' ? <Alert>{VIDEO_RECORDER_MESSAGES.unsupported}</Alert> : null}

      {status === 'idle' ? (
        <div className="flex justify-center">
          <Button onClick={() => void recorder.start()}>Начать запись</Button>
        </div>
      ) : null}
      {status === 'starting' || status === 'stopping' ? (
        <div className="flex justify-center text-slate-700">
          <Spinner className="h-6 w-6" label={status === 'starting' ? 'Подключение к камере' : 'Остановка записи'} />
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
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="secondary" onClick={() => void recorder.discard()}>
            Удалить запись
          </Button>
          <Button onClick={recorder.requestSave}>Сохранить</Button>
        </div>
      ) : null}

      {status === 'naming' ? (
        <div className="flex flex-col gap-3">
          {error?.kind === 'save' ? <Alert>{error.message || VIDEO_RECORDER_MESSAGES.save}</Alert> : null}
          <AudioDetailsForm formId={SAVE_FORM_ID} schema={videoDetailsSchema} onSubmit={onSave} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={recorder.cancelSave}>
              Назад
            </Button>
            <Button type="submit" form={SAVE_FORM_ID}>
              Сохранить видео
            </Button>
          </div>
        </div>
      ) : null}

      {status === 'saving' ? (
        <div className="flex flex-col gap-2">
          <span className="text-sm text-slate-800">Сохранение… {Math.round(state.progress * 100)}%</span>
          <div
            role="progressbar"
            aria-label="Загрузка видео"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(state.progress * 100)}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${Math.round(state.progress * 100)}%` }} />
          </div>
        </div>
      ) : null}
    </div>
  );
}
