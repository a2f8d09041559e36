/**
 * The recorder as a pure state machine:
 *   idle → starting → recording → stopping → recorded → naming → saving → saved
 * plus error states. The React hooks own the side effects and only report what happened as events:
 * components/media/recorder/use-recorder.ts (MediaRecorder, timer, upload), use-media-stream.ts (getUserMedia),
 * use-recording-persistence.ts (IndexedDB) and use-recording-playback.ts (listening before saving).
 * Nothing here knows about audio vs video, so a video recorder reuses it unchanged.
 */

export type RecorderErrorKind =
  /** getUserMedia refused (NotAllowedError / NotFoundError…): offer 'Запросить разрешение'. */
  | 'permission'
  /** No MediaRecorder / no mediaDevices in this browser. */
  | 'unsupported'
  /** MediaRecorder could not start. */
  | 'start'
  /** MediaRecorder could not stop / produced nothing. */
  | 'stop'
  /** The recorded blob could not be played back. */
  | 'play'
  /** The upload failed (message carries the server's detail). */
  | 'save';

export interface RecorderError {
  kind: RecorderErrorKind;
  message?: string;
}

export interface Recording {
  blob: Blob;
  mimeType: string;
  /** Seconds, as counted while recording. */
  duration: number;
}

export type RecorderStatus = 'idle' | 'starting' | 'recording' | 'stopping' | 'recorded' | 'naming' | 'saving' | 'saved' | 'error';

export interface RecorderState {
  status: RecorderStatus;
  /** Whole seconds recorded so far (or of the finished recording). */
  elapsed: number;
  maxDuration: number;
  /** Set once stopped (recorded, naming, saving, saved). */
  recording: Recording | null;
  /** True when the last stop came from reaching maxDuration. */
  autoStopped: boolean;
  /** True when the recording came back from IndexedDB after a reload. */
  restored: boolean;
  playing: boolean;
  /** Upload progress 0..1 while saving. */
  progress: number;
  /** The last error; in 'error' status it is the reason, elsewhere (play, save) an inline notice. */
  error: RecorderError | null;
}

export type RecorderEvent =
  | { type: 'START' }
  | { type: 'STARTED' }
  | { type: 'START_FAILED'; kind: 'permission' | 'unsupported' | 'start'; message?: string }
  | { type: 'TICK'; elapsed: number }
  | { type: 'STOP' }
  | { type: 'STOPPED'; blob: Blob; mimeType: string }
  | { type: 'STOP_FAILED'; message?: string }
  | { type: 'PLAY' }
  | { type: 'PAUSE' }
  | { type: 'PLAY_FAILED'; message?: string }
  | { type: 'DISCARD' }
  | { type: 'RESTORE'; blob: Blob; mimeType: string; duration: number }
  | { type: 'SAVE_REQUEST' }
  | { type: 'CANCEL_SAVE' }
  | { type: 'SUBMIT' }
  | { type: 'SAVE_PROGRESS'; progress: number }
  | { type: 'SAVED' }
  | { type: 'SAVE_FAILED'; message?: string }
  | { type: 'RESET' };

export const DEFAULT_MAX_DURATION = 3600;

export function initialRecorderState(maxDuration: number = DEFAULT_MAX_DURATION): RecorderState {
  return {
    status: 'idle',
    elapsed: 0,
    maxDuration: maxDuration > 0 ? maxDuration : DEFAULT_MAX_DURATION,
    recording: null,
    autoStopped: false,
    restored: false,
    playing: false,
    progress: 0,
    error: null,
  };
}

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);

/** Next state; events that make no sense in the current state leave it unchanged (same object). */
export function recorderReducer(state: RecorderState, event: RecorderEvent): RecorderState {
  const fresh = () => initialRecorderState(state.maxDuration);
  switch (event.type) {
    case 'START':
      // From idle, or retrying after a refused microphone / a failed start ('Запросить разрешение').
      if (state.status === 'idle' || (state.status === 'error' && ['permission', 'start', 'stop'].includes(state.error?.kind ?? ''))) {
        return { ...fresh(), status: 'starting' };
      }
      return state;
    case 'STARTED':
      if (state.status !== 'starting') return state;
      return { ...state, status: 'recording', elapsed: 0, error: null };
    case 'START_FAILED':
      if (state.status !== 'starting' && state.status !== 'idle') return state;
      return { ...fresh(), status: 'error', error: { kind: event.kind, message: event.message } };
    case 'TICK': {
      if (state.status !== 'recording') return state;
      const elapsed = Math.min(Math.max(0, Math.floor(event.elapsed)), state.maxDuration);
      if (elapsed >= state.maxDuration) return { ...state, elapsed, status: 'stopping', autoStopped: true };
      if (elapsed === state.elapsed) return state;
      return { ...state, elapsed };
    }
    case 'STOP':
      if (state.status !== 'recording') return state;
      return { ...state, status: 'stopping', autoStopped: false };
    case 'STOPPED':
      if (state.status !== 'stopping' && state.status !== 'recording') return state;
      return {
        ...state,
        status: 'recorded',
        recording: { blob: event.blob, mimeType: event.mimeType, duration: state.elapsed },
        playing: false,
        error: null,
      };
    case 'STOP_FAILED':
      if (state.status !== 'stopping' && state.status !== 'recording') return state;
      return { ...state, status: 'error', playing: false, error: { kind: 'stop', message: event.message } };
    case 'PLAY':
      if (state.status !== 'recorded' && state.status !== 'naming') return state;
      return { ...state, playing: true, error: state.error?.kind === 'play' ? null : state.error };
    case 'PAUSE':
      if (!state.playing) return state;
      return { ...state, playing: false };
    case 'PLAY_FAILED':
      if (state.status !== 'recorded' && state.status !== 'naming') return state;
      return { ...state, playing: false, error: { kind: 'play', message: event.message } };
    case 'DISCARD':
      if (state.status === 'recorded' || state.status === 'naming' || state.status === 'error') return fresh();
      return state;
    case 'RESTORE':
      if (state.status !== 'idle') return state;
      return {
        ...fresh(),
        status: 'recorded',
        elapsed: Math.max(0, Math.round(event.duration)),
        recording: { blob: event.blob, mimeType: event.mimeType, duration: Math.max(0, Math.round(event.duration)) },
        restored: true,
      };
    case 'SAVE_REQUEST':
      if (state.status !== 'recorded') return state;
      return { ...state, status: 'naming', playing: false };
    case 'CANCEL_SAVE':
      if (state.status !== 'naming') return state;
      return { ...state, status: 'recorded', error: state.error?.kind === 'save' ? null : state.error };
    case 'SUBMIT':
      if (state.status !== 'naming') return state;
      return { ...state, status: 'saving', progress: 0, playing: false, error: null };
    case 'SAVE_PROGRESS':
      if (state.status !== 'saving') return state;
      return { ...state, progress: clamp01(event.progress) };
    case 'SAVED':
      if (state.status !== 'saving') return state;
      return { ...state, status: 'saved', progress: 1, error: null };
    case 'SAVE_FAILED':
      // Back to the save form with the reason; the recording is kept so the user can retry.
      if (state.status !== 'saving') return state;
      return { ...state, status: 'naming', progress: 0, error: { kind: 'save', message: event.message } };
    case 'RESET':
      return fresh();
    default:
      return state;
  }
}

/** True while there is audio that would be lost by closing the recorder. */
export function hasUnsavedRecording(state: RecorderState): boolean {
  return ['starting', 'recording', 'stopping', 'recorded', 'naming', 'saving'].includes(state.status);
}

/** 0 → '00:00', 65 → '01:05', 3600 → '60:00' (minutes are not wrapped into hours). */
export function formatClock(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const mm = Math.floor(s / 60);
  const ss = s % 60;
  return `${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}`;
}
