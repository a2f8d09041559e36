'use client';

import { useCallback, useEffect, useEffectEvent, useMemo, useReducer, useRef, useState } from 'react';
import { DEFAULT_MAX_DURATION, initialRecorderState, recorderReducer, type RecorderState } from '@/lib/media/recorder-machine';
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

/** off: not wanted; acquiring: asked the browser; live: the stream is there; failed: the browser refused. */
export type PreviewState = 'off' | 'acquiring' | 'live' | 'failed';

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
  ) => Promise<boolean>;
  /** Loads an unsaved session from IndexedDB into the recorded state. */
  restore: (sessionId: string) => Promise<boolean>;
  reset: () => void;
}

interface Acquisition {
  promise: Promise<MediaStream>;
  /** Given up (closed, discarded): a stream that still arrives is stopped. */
  abandoned: boolean;
  /** Handed to start(), which now owns the stream or the refusal. */
  taken: boolean;
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
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [previewState, setPreviewState] = useState<PreviewState>('off');
  /** The preview's getUserMedia call until it is held, handed to start(), or abandoned. */
  const acquireRef = useRef<Acquisition | null>(null);
  const chunksRef = useRef<Blob[]>([]);
  const startedAtRef = useRef(0);
  const timerRef = useRef<ReturnType<typeof setInterval> | null>(null);
  const sessionRef = useRef<Promise<string | null> | null>(null);
  const persistChainRef = useRef<Promise<unknown>>(Promise.resolve());
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const mountedRef = useRef(true);
  const [previewEpoch, setPreviewEpoch] = useState(0);

  const elapsedSeconds = () => (startedAtRef.current ? (performance.now() - startedAtRef.current) / 1000 : 0);

  const stopTimer = () => {
    if (timerRef.current) clearInterval(timerRef.current);
    timerRef.current = null;
  };

  const releaseStream = () => {
    const held = streamRef.current;
    if (!held) return;
    held.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
    if (mountedRef.current) setStream(null);
  };

  const holdStream = (s: MediaStream) => {
    streamRef.current = s;
    setStream(s);
  };

  const constraintsFor = useCallback(
    (): MediaStreamConstraints => optionsRef.current.constraints ?? (kind === 'video' ? { audio: true, video: true } : { audio: true }),
    [kind],
  );

  /** Forgets the preview's pending acquisition; a stream that still arrives is stopped at once. */
  const abandonAcquisition = () => {
    const pending = acquireRef.current;
    acquireRef.current = null;
    if (pending) pending.abandoned = true;
  };

  // An effect event: the preview effect below runs on status and wish changes only, and this reads
  // the latest constraints when it does.
  const acquirePreview = useEffectEvent(() => {
    if (streamRef.current || acquireRef.current || !isRecordingSupported()) return;
    const acquisition: Acquisition = { promise: navigator.mediaDevices.getUserMedia(constraintsFor()), abandoned: false, taken: false };
    acquireRef.current = acquisition;
    setPreviewState('acquiring');
    acquisition.promise.then(
      (s) => {
        if (acquisition.taken) return; // start() has it
        if (acquisition.abandoned || !mountedRef.current) {
          s.getTracks().forEach((t) => t.stop());
          return;
        }
        acquireRef.current = null;
        holdStream(s);
        setPreviewState('live');
      },
      () => {
        // Kept in acquireRef: the next start() reports this refusal.
        if (!acquisition.taken && !acquisition.abandoned && mountedRef.current) setPreviewState('failed');
      },
    );
  });

  /** The stream for a recording: the held preview, the preview's pending request, or a new request. */
  const obtainStream = useCallback((): Promise<MediaStream> => {
    const held = streamRef.current;
    if (held && held.getTracks().every((t) => t.readyState !== 'ended')) return Promise.resolve(held);
    releaseStream();
    const pending = acquireRef.current;
    if (pending) {
      acquireRef.current = null;
      pending.taken = true;
      return pending.promise;
    }
    return navigator.mediaDevices.getUserMedia(constraintsFor());
  }, [constraintsFor]);

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
    let stream: MediaStream;
    try {
      stream = await obtainStream();
    } catch (error) {
      const name = (error as { name?: string } | null)?.name ?? '';
      dispatch({
        type: 'START_FAILED',
        kind: PERMISSION_ERRORS.has(name) ? 'permission' : 'start',
        message: String((error as Error)?.message ?? error),
      });
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
      if (streamRef.current !== stream) holdStream(stream);
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
        if (mountedRef.current)
          dispatch({ type: 'STOP_FAILED', message: String((e as unknown as { error?: Error }).error?.message ?? 'recorder error') });
      };

      sessionRef.current =
        persist && store.isRecordingStoreAvailable() ? store.createSession({ kind, mimeType: actualType }).catch(() => null) : null;
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
  }, [kind, persist, obtainStream]);

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

  // The idle preview: acquired while wanted and idle, let go otherwise (a recording keeps its stream).
  const wantPreview = options.preview ?? false;
  useEffect(() => {
    const idle = state.status === 'idle';
    const recordingStream = state.status === 'starting' || state.status === 'recording' || state.status === 'stopping';
    if (wantPreview && idle) {
      acquirePreview();
      return;
    }
    if (recordingStream) return;
    abandonAcquisition();
    if (!recorderRef.current) releaseStream();
    setPreviewState('off');
    // Runs on status and wish changes (and after a discard) only; the helpers read refs.
  }, [wantPreview, state.status, previewEpoch]);

  const recordingUrl = useMemo(() => (state.recording ? URL.createObjectURL(state.recording.blob) : null), [state.recording]);
  useEffect(
    () => () => {
      if (recordingUrl) URL.revokeObjectURL(recordingUrl);
    },
    [recordingUrl],
  );

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
    abandonAcquisition();
    releaseStream();
    await forgetSession();
    dispatch({ type: 'RESET' });
    // Idle again: the preview (when wanted) comes back even if the status did not change.
    if (mountedRef.current) setPreviewEpoch((n) => n + 1);
  }, []);

  const requestSave = useCallback(() => {
    audioRef.current?.pause();
    dispatch({ type: 'SAVE_REQUEST' });
  }, []);
  const cancelSave = useCallback(() => dispatch({ type: 'CANCEL_SAVE' }), []);

  const save: UseRecorder['save'] = useCallback(
    async (details, upload, describeError) => {
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
    },
    [kind],
  );

  const restore = useCallback(
    async (sessionId: string) => {
      if (stateRef.current.status !== 'idle') return false;
      const loaded = await store.loadRecording(sessionId, kind).catch(() => null);
      if (!loaded || loaded.blob.size === 0) return false;
      sessionRef.current = Promise.resolve(sessionId);
      dispatch({ type: 'RESTORE', blob: loaded.blob, mimeType: loaded.session.mimeType, duration: loaded.session.duration });
      return true;
    },
    [kind],
  );

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
      abandonAcquisition();
      releaseStream();
      audioRef.current?.pause();
    };
  }, []);

  return {
    state,
    recordingUrl,
    stream,
    previewState,
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
