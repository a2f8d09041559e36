import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_DURATION,
  formatClock,
  hasUnsavedRecording,
  initialRecorderState,
  recorderReducer,
  type RecorderEvent,
  type RecorderState,
} from '@/lib/media/recording/recorder-machine';

const blob = new Blob(['x'], { type: 'audio/webm' });
const run = (events: RecorderEvent[], start: RecorderState = initialRecorderState(300)) => events.reduce(recorderReducer, start);

const recording = () => run([{ type: 'START' }, { type: 'STARTED' }]);
const recorded = () =>
  run([{ type: 'TICK', elapsed: 3 }, { type: 'STOP' }, { type: 'STOPPED', blob, mimeType: 'audio/webm' }], recording());
const naming = () => recorderReducer(recorded(), { type: 'SAVE_REQUEST' });
const saving = () => recorderReducer(naming(), { type: 'SUBMIT' });

describe('recorder state machine', () => {
  it('starts idle with the default max duration of 3600 s', () => {
    const s = initialRecorderState();
    expect(s.status).toBe('idle');
    expect(s.maxDuration).toBe(DEFAULT_MAX_DURATION);
    expect(DEFAULT_MAX_DURATION).toBe(3600);
    expect(initialRecorderState(300).maxDuration).toBe(300);
  });

  it('idle → starting → recording with the counter at zero', () => {
    const starting = run([{ type: 'START' }]);
    expect(starting.status).toBe('starting');
    const rec = recorderReducer(starting, { type: 'STARTED' });
    expect(rec.status).toBe('recording');
    expect(rec.elapsed).toBe(0);
  });

  it('counts whole seconds while recording and ignores ticks elsewhere', () => {
    const s = run(
      [
        { type: 'TICK', elapsed: 1.7 },
        { type: 'TICK', elapsed: 2.2 },
      ],
      recording(),
    );
    expect(s.elapsed).toBe(2);
    const idle = initialRecorderState(300);
    expect(recorderReducer(idle, { type: 'TICK', elapsed: 5 })).toBe(idle);
  });

  it('auto-stops when the counter reaches the max duration', () => {
    const s = recorderReducer(recording(), { type: 'TICK', elapsed: 300 });
    expect(s.status).toBe('stopping');
    expect(s.autoStopped).toBe(true);
    expect(s.elapsed).toBe(300);
    const done = recorderReducer(s, { type: 'STOPPED', blob, mimeType: 'audio/webm' });
    expect(done.status).toBe('recorded');
    expect(done.recording?.duration).toBe(300);
  });

  it('never counts past the max duration', () => {
    const s = recorderReducer(recording(), { type: 'TICK', elapsed: 999 });
    expect(s.elapsed).toBe(300);
  });

  it('recording → stopping → recorded keeps the blob, type and duration', () => {
    const stopping = recorderReducer(run([{ type: 'TICK', elapsed: 3 }], recording()), { type: 'STOP' });
    expect(stopping.status).toBe('stopping');
    expect(stopping.autoStopped).toBe(false);
    const s = recorderReducer(stopping, { type: 'STOPPED', blob, mimeType: 'audio/webm;codecs=opus' });
    expect(s.status).toBe('recorded');
    expect(s.recording).toEqual({ blob, mimeType: 'audio/webm;codecs=opus', duration: 3 });
    expect(hasUnsavedRecording(s)).toBe(true);
  });

  it('play / pause / play failure while recorded', () => {
    const playing = recorderReducer(recorded(), { type: 'PLAY' });
    expect(playing.playing).toBe(true);
    expect(recorderReducer(playing, { type: 'PAUSE' }).playing).toBe(false);
    const failed = recorderReducer(playing, { type: 'PLAY_FAILED', message: 'boom' });
    expect(failed.status).toBe('recorded');
    expect(failed.playing).toBe(false);
    expect(failed.error).toEqual({ kind: 'play', message: 'boom' });
    // A later successful play clears the notice.
    expect(recorderReducer(failed, { type: 'PLAY' }).error).toBeNull();
    // Cannot play while recording.
    const rec = recording();
    expect(recorderReducer(rec, { type: 'PLAY' })).toBe(rec);
  });

  it('discard returns to idle and forgets the recording', () => {
    const s = recorderReducer(recorded(), { type: 'DISCARD' });
    expect(s.status).toBe('idle');
    expect(s.recording).toBeNull();
    expect(s.maxDuration).toBe(300);
    expect(hasUnsavedRecording(s)).toBe(false);
    // Discard does nothing mid-recording (stop first).
    const rec = recording();
    expect(recorderReducer(rec, { type: 'DISCARD' })).toBe(rec);
  });

  it('save: recorded → naming → saving (progress) → saved', () => {
    const n = naming();
    expect(n.status).toBe('naming');
    expect(recorderReducer(n, { type: 'CANCEL_SAVE' }).status).toBe('recorded');
    const s = saving();
    expect(s.status).toBe('saving');
    expect(s.progress).toBe(0);
    const half = recorderReducer(s, { type: 'SAVE_PROGRESS', progress: 0.5 });
    expect(half.progress).toBe(0.5);
    expect(recorderReducer(s, { type: 'SAVE_PROGRESS', progress: 7 }).progress).toBe(1);
    const saved = recorderReducer(half, { type: 'SAVED' });
    expect(saved.status).toBe('saved');
    expect(hasUnsavedRecording(saved)).toBe(false);
  });

  it('a failed save goes back to the form with the reason and keeps the recording', () => {
    const s = recorderReducer(saving(), { type: 'SAVE_FAILED', message: 'Ошибка при сохранении записи: too big' });
    expect(s.status).toBe('naming');
    expect(s.error).toEqual({ kind: 'save', message: 'Ошибка при сохранении записи: too big' });
    expect(s.recording?.blob).toBe(blob);
    // Retry clears the error.
    expect(recorderReducer(s, { type: 'SUBMIT' }).error).toBeNull();
  });

  it('microphone refused → permission error; START again retries', () => {
    const s = run([{ type: 'START' }, { type: 'START_FAILED', kind: 'permission' }]);
    expect(s.status).toBe('error');
    expect(s.error?.kind).toBe('permission');
    expect(hasUnsavedRecording(s)).toBe(false);
    expect(recorderReducer(s, { type: 'START' }).status).toBe('starting');
  });

  it('unsupported browser is a dead end until RESET', () => {
    const s = run([{ type: 'START' }, { type: 'START_FAILED', kind: 'unsupported' }]);
    expect(s.error?.kind).toBe('unsupported');
    expect(recorderReducer(s, { type: 'START' })).toBe(s);
    expect(recorderReducer(s, { type: 'RESET' }).status).toBe('idle');
  });

  it('start failure and stop failure are error states', () => {
    const start = run([{ type: 'START' }, { type: 'START_FAILED', kind: 'start', message: 'x' }]);
    expect(start.error).toEqual({ kind: 'start', message: 'x' });
    const stop = recorderReducer(recorderReducer(recording(), { type: 'STOP' }), { type: 'STOP_FAILED' });
    expect(stop.status).toBe('error');
    expect(stop.error?.kind).toBe('stop');
    expect(recorderReducer(stop, { type: 'DISCARD' }).status).toBe('idle');
  });

  it('restore puts a stored recording into the recorded state', () => {
    const s = recorderReducer(initialRecorderState(300), { type: 'RESTORE', blob, mimeType: 'audio/webm', duration: 4.4 });
    expect(s.status).toBe('recorded');
    expect(s.restored).toBe(true);
    expect(s.recording).toEqual({ blob, mimeType: 'audio/webm', duration: 4 });
    expect(s.elapsed).toBe(4);
    // Not while recording.
    const rec = recording();
    expect(recorderReducer(rec, { type: 'RESTORE', blob, mimeType: 'audio/webm', duration: 1 })).toBe(rec);
  });

  it('ignores events that do not fit the state', () => {
    const idle = initialRecorderState(300);
    for (const e of [
      { type: 'STOP' },
      { type: 'STARTED' },
      { type: 'SUBMIT' },
      { type: 'SAVED' },
      { type: 'SAVE_REQUEST' },
    ] as RecorderEvent[]) {
      expect(recorderReducer(idle, e)).toBe(idle);
    }
    const rec = recording();
    expect(recorderReducer(rec, { type: 'START' })).toBe(rec);
    expect(recorderReducer(rec, { type: 'SUBMIT' })).toBe(rec);
  });

  it('formats the timer as mm:ss', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(3.9)).toBe('00:03');
    expect(formatClock(65)).toBe('01:05');
    expect(formatClock(300)).toBe('05:00');
    expect(formatClock(3600)).toBe('60:00');
    expect(formatClock(Number.NaN)).toBe('00:00');
  });
});
