'use client';

import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useMediaStream, type PreviewState, type StreamMode } from '@/components/media/recorder/use-media-stream';
import { useRecordingPersistence } from '@/components/media/recorder/use-recording-persistence';
import { useRecordingPlayback } from '@/components/media/recorder/use-recording-playback';
import { DEFAULT_MAX_DURATION, initialRecorderState, recorderReducer, type RecorderState } from '@/lib/media/recording/recorder-machine';
import {
  AUDIO_MIME_PREFERENCES,
  chooseMimeType,
  recordingFileName,
  uploadMimeType,
  VIDEO_MIME_PREFERENCES,
  type RecorderKind,
} from '@/lib/media/recording/recording-format';
import { isRecordingSupported, startFailureKind } from '@/lib/media/recording/recording-support';

export interface UseRecorderOptions {
  kind?: RecorderKind;
  /** getUserMedia constraints; default `{ audio: true }` (plus `video: true` for kind 'video'). */
  constraints?: MediaStreamConstraints;
  /** Seconds; recording stops by itself at this length. Default 3600. */
  maxDuration?: number;
  /** Audio bitrate (spec: 128000). */
  audioBitsPerSecond?: number;
  videoBitsPerSecond?: number;
  /** A chunk every this many ms (spec: 500). */
  timesliceMs?: number;
  /** Keep chunks in IndexedDB while recording so a reload loses nothing (default true). */
  persist?: boolean;
  /**
   * Hold the camera/microphone while idle, so a video recorder can show the live picture before
   * recording starts (default false). The stream is acquired whenever the recorder is idle and this
   * is true, handed over to the recording on start, and released when it turns false, after a
   * recording stops, on discard and on unmount. A refused acquisition is not an error by itself:
   * the next start() reports it (without asking the browser again), as a refused start would.
   */
  preview?: boolean;
}

export interface RecordingUpload {
  file: File;
  fileName: string;
  title: string;
  description: string;
}

/** 'kept': the upload did not travel and the recording waits in IndexedDB as a pending upload. */
export type SaveOutcome = 'saved' | 'kept' | 'failed';

/** When an upload that did not go through is kept for later instead of failing the save. */
export interface KeepUnsent {
  when: (error: unknown) => boolean;
  /** The id of the account the recording was made in (it is sent only into that one); null when unknown. */
  ownerId: number | null;
}

export interface UseRecorder {
  state: RecorderState;
  /** Object URL of the finished recording (for an <audio>/<video> element), or null. */
  recordingUrl: string | null;
  /** The live stream while previewing or recording (a video recorder shows it). */
  stream: MediaStream | null;
  /** Where the idle preview stands (always 'off' without the `preview` option). */
  previewState: PreviewState;
  start: () => Promise<void>;
  stop: () => void;
  play: () => Promise<void>;
  pause: () => void;
  discard: () => Promise<void>;
  requestSave: () => void;
  cancelSave: () => void;
  /**
   * Uploads the recording with `upload` (which reports progress 0..1 and throws on failure;
   * `describeError` turns the failure into the message shown). On success the stored chunks are deleted.
   */
  save: (
    details: { title: string; description: string },
    upload: (input: RecordingUpload, onProgress: (fraction: number) => void) => Promise<unknown>,
    describeError?: (error: unknown) => Promise<string> | string,
    keep?: KeepUnsent,
  ) => Promise<SaveOutcome>;
  /** Loads an unsaved session from IndexedDB into the recorded state. */
  restore: (sessionId: string) => Promise<boolean>;
  reset: () => void;
}

const messageOf = (error: unknown) => String((error as Error)?.message ?? error);

/**
 * The recorder: MediaRecorder driven through the state machine of lib/media/recording/recorder-machine.ts,
 * on the stream of useMediaStream, with its chunks kept by useRecordingPersistence and the result
 * played back by useRecordingPlayback.
 */
export function useRecorder(options: UseRecorderOptions = {}): UseRecorder {
  const kind = options.kind ?? 'audio';
  const maxDuration = options.maxDuration ?? DEFAULT_MAX_DURATION;
  const [state, dispatch] = useReducer(recorderReducer, maxDuration, initialRecorderState);

  const optionsRef = useRef(options);
  optionsRef.current = options;
  const stateRef = useRef(state);
  stateRef.current = state;

  const recorderRef = useRef<MediaRecorder | null>(null);
  const chunksRef = useRef<Blob[]>([]);
  const startedAtRef = useRef(0);
  const timerRef = useRef<ReturnType<typeof setInterval> | null>(null);
  const mountedRef = useRef(true);

  // Declared before the stream's hook, so on unmount the MediaRecorder stops before its stream is released.
  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      if (timerRef.current) clearInterval(timerRef.current);
      const recorder = recorderRef.current;
      if (recorder && recorder.state !== 'inactive') {
        try {
          recorder.stop();
        } catch {
          // ignore
        }
      }
    };
  }, []);

  const status = state.status;
  const streamMode: StreamMode =
    status === 'starting' || status === 'recording' || status === 'stopping'
      ? 'recording'
      : (options.preview ?? false) && status === 'idle'
        ? 'preview'
        : 'off';
  const media = useMediaStream({
    constraints: () => optionsRef.current.constraints ?? (kind === 'video' ? { audio: true, video: true } : { audio: true }),
    mode: streamMode,
    inUse: () => recorderRef.current !== null,
  });
  const persistence = useRecordingPersistence(options.persist ?? true);
  const playback = useRecordingPlayback(state.recording, dispatch, () => {
    const s = stateRef.current.status;
    return s === 'recorded' || s === 'naming';
  });
  const { obtain, hold, release, reset: resetStream } = media;

  const elapsedSeconds = () => (startedAtRef.current ? (performance.now() - startedAtRef.current) / 1000 : 0);

  const stopTimer = () => {
    if (timerRef.current) clearInterval(timerRef.current);
    timerRef.current = null;
  };

  const start = useCallback(async () => {
    const current = stateRef.current;
    if (current.status !== 'idle' && current.status !== 'error') return;
    dispatch({ type: 'START' });
    if (!isRecordingSupported()) {
      dispatch({ type: 'START_FAILED', kind: 'unsupported' });
      return;
    }
    const opts = optionsRef.current;
    let stream: MediaStream;
    try {
      stream = await obtain();
    } catch (error) {
      dispatch({ type: 'START_FAILED', kind: startFailureKind(error), message: messageOf(error) });
      return;
    }
    if (!mountedRef.current) {
      stream.getTracks().forEach((t) => t.stop());
      return;
    }
    try {
      const preferences = kind === 'video' ? VIDEO_MIME_PREFERENCES : AUDIO_MIME_PREFERENCES;
      const mimeType = chooseMimeType((t) => MediaRecorder.isTypeSupported(t), preferences);
      const recorder = new MediaRecorder(stream, {
        ...(mimeType ? { mimeType } : {}),
        audioBitsPerSecond: opts.audioBitsPerSecond ?? 128_000,
        ...(kind === 'video' ? { videoBitsPerSecond: opts.videoBitsPerSecond ?? 2_500_000 } : {}),
      });
      const actualType = recorder.mimeType || mimeType || `${kind}/webm`;
      chunksRef.current = [];
      hold(stream);
      recorderRef.current = recorder;

      recorder.ondataavailable = (e) => {
        if (!e.data || e.data.size === 0) return;
        chunksRef.current.push(e.data);
        persistence.append(e.data, elapsedSeconds());
      };
      recorder.onstop = () => {
        stopTimer();
        release();
        persistence.finish(Math.floor(elapsedSeconds()));
        recorderRef.current = null;
        if (!mountedRef.current) return;
        const blob = new Blob(chunksRef.current, { type: actualType });
        if (blob.size === 0) dispatch({ type: 'STOP_FAILED', message: 'empty recording' });
        else dispatch({ type: 'STOPPED', blob, mimeType: actualType });
      };
      recorder.onerror = (e) => {
        stopTimer();
        release();
        if (mountedRef.current)
          dispatch({ type: 'STOP_FAILED', message: String((e as unknown as { error?: Error }).error?.message ?? 'recorder error') });
      };

      persistence.begin(kind, actualType);
      recorder.start(opts.timesliceMs ?? 500);
      startedAtRef.current = performance.now();
      stopTimer();
      timerRef.current = setInterval(() => dispatch({ type: 'TICK', elapsed: elapsedSeconds() }), 250);
      dispatch({ type: 'STARTED' });
    } catch (error) {
      release();
      recorderRef.current = null;
      await persistence.forget();
      dispatch({ type: 'START_FAILED', kind: 'start', message: messageOf(error) });
    }
  }, [kind, obtain, hold, release, persistence]);

  // Stopping (by the button or by reaching maxDuration) always goes through this effect.
  useEffect(() => {
    if (status !== 'stopping') return;
    const recorder = recorderRef.current;
    if (!recorder || recorder.state === 'inactive') return;
    try {
      recorder.stop();
    } catch (error) {
      stopTimer();
      release();
      dispatch({ type: 'STOP_FAILED', message: messageOf(error) });
    }
  }, [status, release]);

  const stop = useCallback(() => dispatch({ type: 'STOP' }), []);

  const { stop: stopPlayback, hush } = playback;
  const discard = useCallback(async () => {
    stopPlayback();
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') {
      recorder.onstop = null;
      recorder.ondataavailable = null;
      try {
        recorder.stop();
      } catch {
        // already stopped
      }
    }
    recorderRef.current = null;
    stopTimer();
    // Idle again: the preview (when wanted) comes back even if the status does not change.
    resetStream();
    await persistence.forget();
    dispatch({ type: 'RESET' });
  }, [stopPlayback, resetStream, persistence]);

  const requestSave = useCallback(() => {
    hush();
    dispatch({ type: 'SAVE_REQUEST' });
  }, [hush]);
  const cancelSave = useCallback(() => dispatch({ type: 'CANCEL_SAVE' }), []);

  const save: UseRecorder['save'] = useCallback(
    async (details, upload, describeError, keep) => {
      const s = stateRef.current;
      if (s.status !== 'naming' || !s.recording) return 'failed';
      hush();
      dispatch({ type: 'SUBMIT' });
      const { blob, mimeType } = s.recording;
      const fileName = recordingFileName(details.title, mimeType, kind);
      const file = new File([blob], fileName, { type: uploadMimeType(mimeType, kind) });
      try {
        await upload({ file, fileName, title: details.title, description: details.description }, (fraction) =>
          dispatch({ type: 'SAVE_PROGRESS', progress: fraction }),
        );
      } catch (error) {
        const pending = { title: details.title, description: details.description, ownerId: keep?.ownerId ?? null };
        if (keep?.when(error) && (await persistence.keepPending({ ...pending, saved_at: new Date().toISOString() }))) {
          stopPlayback();
          if (mountedRef.current) dispatch({ type: 'SAVED' });
          return 'kept';
        }
        const message = describeError ? await describeError(error) : messageOf(error);
        if (mountedRef.current) dispatch({ type: 'SAVE_FAILED', message });
        return 'failed';
      }
      await persistence.forget();
      stopPlayback();
      if (mountedRef.current) dispatch({ type: 'SAVED' });
      return 'saved';
    },
    [kind, hush, stopPlayback, persistence],
  );

  const restore = useCallback(
    async (sessionId: string) => {
      if (stateRef.current.status !== 'idle') return false;
      const loaded = await persistence.adopt(sessionId, kind);
      if (!loaded) return false;
      dispatch({ type: 'RESTORE', blob: loaded.blob, mimeType: loaded.session.mimeType, duration: loaded.session.duration });
      return true;
    },
    [kind, persistence],
  );

  const reset = useCallback(() => dispatch({ type: 'RESET' }), []);

  return {
    state,
    recordingUrl: playback.recordingUrl,
    stream: media.stream,
    previewState: media.previewState,
    start,
    stop,
    play: playback.play,
    pause: playback.pause,
    discard,
    requestSave,
    cancelSave,
    save,
    restore,
    reset,
  };
}
