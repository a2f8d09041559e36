'use client';

import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import {
  DEFAULT_MAX_DURATION,
  initialRecorderState,
  recorderReducer,
  type RecorderState,
} from '@/lib/media/recorder-machine';
import {
  AUDIO_MIME_PREFERENCES,
  chooseMimeType,
  recordingFileName,
  uploadMimeType,
  VIDEO_MIME_PREFERENCES,
  type RecorderKind,
} from '@/lib/media/recording-format';
import * as store from '@/lib/media/recording-store';

export interface UseRecorderOptions {
  kind?: RecorderKind;
  /** getUserMedia constraints; default `{ audio: true }` (plus `video: true` for kind 'video'). */
  constraints?: MediaStreamConstraints;
  /** Preferred MediaRecorder types, best first; default: the spec's audio list (or the video list). */
  mimePreferences?: readonly string[];
  /** Seconds; recording stops by itself at this length. Default 3600. */
  maxDuration?: number;
  /** Audio bitrate (spec: 128000). */
  audioBitsPerSecond?: number;
  videoBitsPerSecond?: number;
  /** A chunk every this many ms (spec: 500). */
  timesliceMs?: number;
  /** Keep chunks in IndexedDB while recording so a reload loses nothing (default true). */
  persist?: boolean;
}

export interface RecordingUpload {
  file: File;
  fileName: string;
  title: string;
  description: string;
}

export interface UseRecorder {
  state: RecorderState;
  /** Object URL of the finished recording (for an <audio>/<video> element), or null. */
  recordingUrl: string | null;
  /** The live stream while recording (a video recorder shows it as a preview). */
  stream: MediaStream | null;
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
  ) => Promise<boolean>;
  /** Loads an unsaved session from IndexedDB into the recorded state. */
  restore: (sessionId: string) => Promise<boolean>;
  reset: () => void;
}

const PERMISSION_ERRORS = new Set(['NotAllowedError', 'NotFoundError', 'PermissionDeniedError', 'SecurityError', 'DevicesNotFoundError']);

export function isRecordingSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.MediaRecorder !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    !!navigator.mediaDevices &&
    typeof navigator.mediaDevices.getUserMedia === 'function'
  );
}

export function useRecorder(options: UseRecorderOptions = {}): UseRecorder {
  const kind = options.kind ?? 'audio';
  const maxDuration = options.maxDuration ?? DEFAULT_MAX_DURATION;
  const persist = options.persist ?? true;
  const [state, dispatch] = useReducer(recorderReducer, maxDuration, initialRecorderState);

  const optionsRef = useRef(options);
  optionsRef.current = options;
  const stateRef = useRef(state);
  stateRef.current = state;

  const recorderRef = useRef<MediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const chunksRef = useRef<Blob[]>([]);
  const startedAtRef = useRef(0);
  const timerRef = useRef<ReturnType<typeof setInterval> | null>(null);
  const sessionRef = useRef<Promise<string | null> | null>(null);
  const persistChainRef = useRef<Promise<unknown>>(Promise.resolve());
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const mountedRef = useRef(true);

  const elapsedSeconds = () => (startedAtRef.current ? (performance.now() - startedAtRef.current) / 1000 : 0);

  const stopTimer = () => {
    if (timerRef.current) clearInterval(timerRef.current);
    timerRef.current = null;
  };

  const releaseStream = () => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
  };

  /** Runs IndexedDB work one after another, never failing the recording itself. */
  const persistStep = (step: (sessionId: string) => Promise<unknown>) => {
    const session = sessionRef.current;
    if (!session) return;
    persistChainRef.current = persistChainRef.current
      .then(() => session)
      .then((id) => (id ? step(id) : undefined))
      .catch(() => undefined);
  };

  const forgetSession = async () => {
    const session = sessionRef.current;
    sessionRef.current = null;
    await persistChainRef.current;
    const id = session ? await session.catch(() => null) : null;
    if (id) await store.deleteSession(id).catch(() => undefined);
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
    const constraints = opts.constraints ?? (kind === 'video' ? { audio: true, video: true } : { audio: true });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia(constraints);
    } catch (error) {
      const name = (error as { name?: string } | null)?.name ?? '';
      dispatch({ type: 'START_FAILED', kind: PERMISSION_ERRORS.has(name) ? 'permission' : 'start', message: String((error as Error)?.message ?? error) });
      return;
    }
    if (!mountedRef.current) {
      stream.getTracks().forEach((t) => t.stop());
      return;
    }
    try {
      const preferences = opts.mimePreferences ?? (kind === 'video' ? VIDEO_MIME_PREFERENCES : AUDIO_MIME_PREFERENCES);
      const mimeType = chooseMimeType((t) => MediaRecorder.isTypeSupported(t), preferences);
      const recorder = new MediaRecorder(stream, {
        ...(mimeType ? { mimeType } : {}),
        audioBitsPerSecond: opts.audioBitsPerSecond ?? 128_000,
        ...(kind === 'video' ? { videoBitsPerSecond: opts.videoBitsPerSecond ?? 2_500_000 } : {}),
      });
      const actualType = recorder.mimeType || mimeType || `${kind}/webm`;
      chunksRef.current = [];
      streamRef.current = stream;
      recorderRef.current = recorder;

      recorder.ondataavailable = (e) => {
        if (!e.data || e.data.size === 0) return;
        chunksRef.current.push(e.data);
        const seconds = elapsedSeconds();
        persistStep((id) => store.appendChunk(id, e.data, seconds));
      };
      recorder.onstop = () => {
        stopTimer();
        releaseStream();
        const final = Math.floor(elapsedSeconds());
        persistStep((id) => store.setSessionDuration(id, final));
        recorderRef.current = null;
        if (!mountedRef.current) return;
        const blob = new Blob(chunksRef.current, { type: actualType });
        if (blob.size === 0) dispatch({ type: 'STOP_FAILED', message: 'empty recording' });
        else dispatch({ type: 'STOPPED', blob, mimeType: actualType });
      };
      recorder.onerror = (e) => {
        stopTimer();
        releaseStream();
        if (mountedRef.current) dispatch({ type: 'STOP_FAILED', message: String((e as unknown as { error?: Error }).error?.message ?? 'recorder error') });
      };

      sessionRef.current = persist && store.isRecordingStoreAvailable()
        ? store.createSession({ kind, mimeType: actualType }).catch(() => null)
        : null;
      recorder.start(opts.timesliceMs ?? 500);
      startedAtRef.current = performance.now();
      stopTimer();
      timerRef.current = setInterval(() => dispatch({ type: 'TICK', elapsed: elapsedSeconds() }), 250);
      dispatch({ type: 'STARTED' });
    } catch (error) {
      releaseStream();
      recorderRef.current = null;
      await forgetSession();
      dispatch({ type: 'START_FAILED', kind: 'start', message: String((error as Error)?.message ?? error) });
    }
  }, [kind, persist]);

  // Stopping (by the button or by reaching maxDuration) always goes through this effect.
  useEffect(() => {
    if (state.status !== 'stopping') return;
    const recorder = recorderRef.current;
    if (!recorder || recorder.state === 'inactive') return;
    try {
      recorder.stop();
    } catch (error) {
      stopTimer();
      releaseStream();
      dispatch({ type: 'STOP_FAILED', message: String((error as Error)?.message ?? error) });
    }
  }, [state.status]);

  const stop = useCallback(() => dispatch({ type: 'STOP' }), []);

  const recordingUrl = useMemo(() => (state.recording ? URL.createObjectURL(state.recording.blob) : null), [state.recording]);
  useEffect(() => () => {
    if (recordingUrl) URL.revokeObjectURL(recordingUrl);
  }, [recordingUrl]);

  const stopPlayback = () => {
    const a = audioRef.current;
    if (a) {
      a.pause();
      a.removeAttribute('src');
      a.load?.();
    }
    audioRef.current = null;
  };

  const play = useCallback(async () => {
    const s = stateRef.current;
    if (!recordingUrl || (s.status !== 'recorded' && s.status !== 'naming')) return;
    let audio = audioRef.current;
    if (!audio || audio.dataset.src !== recordingUrl) {
      stopPlayback();
      audio = new Audio(recordingUrl);
      audio.dataset.src = recordingUrl;
      audio.onended = () => dispatch({ type: 'PAUSE' });
      audio.onpause = () => dispatch({ type: 'PAUSE' });
      audio.onerror = () => dispatch({ type: 'PLAY_FAILED', message: audio?.error?.message });
      audioRef.current = audio;
    }
    try {
      await audio.play();
      dispatch({ type: 'PLAY' });
    } catch (error) {
      if ((error as { name?: string })?.name === 'AbortError') return;
      dispatch({ type: 'PLAY_FAILED', message: String((error as Error)?.message ?? error) });
    }
  }, [recordingUrl]);

  const pause = useCallback(() => {
    audioRef.current?.pause();
    dispatch({ type: 'PAUSE' });
  }, []);

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
    releaseStream();
    await forgetSession();
    dispatch({ type: 'RESET' });
  }, []);

  const requestSave = useCallback(() => {
    audioRef.current?.pause();
    dispatch({ type: 'SAVE_REQUEST' });
  }, []);
  const cancelSave = useCallback(() => dispatch({ type: 'CANCEL_SAVE' }), []);

  const save: UseRecorder['save'] = useCallback(async (details, upload, describeError) => {
    const s = stateRef.current;
    if (s.status !== 'naming' || !s.recording) return false;
    audioRef.current?.pause();
    dispatch({ type: 'SUBMIT' });
    const { blob, mimeType } = s.recording;
    const fileName = recordingFileName(details.title, mimeType, kind);
    const file = new File([blob], fileName, { type: uploadMimeType(mimeType, kind) });
    try {
      await upload({ file, fileName, title: details.title, description: details.description }, (fraction) =>
        dispatch({ type: 'SAVE_PROGRESS', progress: fraction }),
      );
    } catch (error) {
      const message = describeError ? await describeError(error) : String((error as Error)?.message ?? error);
      if (mountedRef.current) dispatch({ type: 'SAVE_FAILED', message });
      return false;
    }
    await forgetSession();
    stopPlayback();
    if (mountedRef.current) dispatch({ type: 'SAVED' });
    return true;
  }, [kind]);

  const restore = useCallback(async (sessionId: string) => {
    if (stateRef.current.status !== 'idle') return false;
    const loaded = await store.loadRecording(sessionId, kind).catch(() => null);
    if (!loaded || loaded.blob.size === 0) return false;
    sessionRef.current = Promise.resolve(sessionId);
    dispatch({ type: 'RESTORE', blob: loaded.blob, mimeType: loaded.session.mimeType, duration: loaded.session.duration });
    return true;
  }, [kind]);

  const reset = useCallback(() => dispatch({ type: 'RESET' }), []);

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      stopTimer();
      const recorder = recorderRef.current;
      if (recorder && recorder.state !== 'inactive') {
        try {
          recorder.stop();
        } catch {
          // ignore
        }
      }
      releaseStream();
      audioRef.current?.pause();
    };
  }, []);

  return {
    state,
    recordingUrl,
    stream: streamRef.current,
    start,
    stop,
    play,
    pause,
    discard,
    requestSave,
    cancelSave,
    save,
    restore,
    reset,
  };
}
