import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRecorder, type RecordingUpload, type SaveOutcome } from '@/components/media/recorder/use-recorder';
import { appendChunk, createSession, deleteSession, listPending, listUnsaved } from '@/lib/media/recording/recording-store';

class FakeMediaRecorder {
  static supported = new Set(['audio/webm;codecs=opus', 'audio/ogg']);
  static isTypeSupported = (t: string) => FakeMediaRecorder.supported.has(t);
  static last: FakeMediaRecorder | null = null;
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  timeslice: number | undefined;
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  constructor(
    readonly stream: unknown,
    readonly options: { mimeType?: string; audioBitsPerSecond?: number },
  ) {
    this.mimeType = options.mimeType ?? '';
    FakeMediaRecorder.last = this;
  }
  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  emit(text: string) {
    this.ondataavailable?.({ data: new Blob([text]) });
  }
  stop() {
    this.state = 'inactive';
    this.emit('|end');
    this.onstop?.();
  }
}

const trackStop = vi.fn();
let getUserMedia: ReturnType<typeof vi.fn>;

beforeEach(() => {
  trackStop.mockReset();
  getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop: trackStop }] }));
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => 'blob:fake');
  URL.revokeObjectURL = vi.fn();
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  for (const s of [...(await listUnsaved()), ...(await listPending())]) await deleteSession(s.id);
});

/** A fake camera stream whose tracks report being stopped. */
function fakeStream() {
  const track = { readyState: 'live' as 'live' | 'ended', stop: vi.fn(() => void (track.readyState = 'ended')) };
  return { track, stream: { getTracks: () => [track] } as unknown as MediaStream };
}

const previewOptions = { kind: 'video' as const, maxDuration: 300, constraints: { video: true, audio: true } };

const tick = () => new Promise((r) => setTimeout(r, 20));

/** A recorder that has recorded a chunk, stopped, and been asked to save: the naming step, ready for `save`. */
async function recordedAndNaming() {
  const { result } = renderHook(() => useRecorder({ maxDuration: 300 }));
  await act(() => result.current.start());
  act(() => FakeMediaRecorder.last!.emit('data'));
  act(() => result.current.stop());
  await waitFor(() => expect(result.current.state.status).toBe('recorded'));
  act(() => result.current.requestSave());
  return result;
}

describe('useRecorder', () => {
  it('records with the first supported type at 128 kbit/s in 500 ms chunks, keeps chunks in IndexedDB, and saves', async () => {
    const { result } = renderHook(() => useRecorder({ kind: 'audio', maxDuration: 300 }));
    await act(() => result.current.start());
    expect(result.current.state.status).toBe('recording');
    const rec = FakeMediaRecorder.last!;
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(rec.options).toMatchObject({ mimeType: 'audio/webm;codecs=opus', audioBitsPerSecond: 128000 });
    expect(rec.timeslice).toBe(500);

    act(() => {
      rec.emit('one');
      rec.emit('two');
    });
    await waitFor(async () => expect((await listUnsaved('audio'))[0]?.chunkCount).toBe(2));

    act(() => result.current.stop());
    await waitFor(() => expect(result.current.state.status).toBe('recorded'));
    expect(trackStop).toHaveBeenCalled();
    expect(result.current.state.recording?.mimeType).toBe('audio/webm;codecs=opus');
    expect(result.current.state.recording?.blob.size).toBe('one'.length + 'two'.length + '|end'.length);

    act(() => result.current.requestSave());
    expect(result.current.state.status).toBe('naming');
    let uploaded: RecordingUpload | null = null;
    let ok: SaveOutcome = 'failed';
    await act(async () => {
      ok = await result.current.save({ title: 'Тест', description: 'д' }, async (input, onProgress) => {
        uploaded = input;
        onProgress(0.5);
        await tick();
      });
    });
    expect(ok).toBe('saved');
    expect(result.current.state.status).toBe('saved');
    expect(uploaded!.fileName).toBe('recording_Тест.webm');
    expect(uploaded!.file.type).toBe('audio/webm');
    expect(uploaded!.title).toBe('Тест');
    // Saved: nothing left to restore.
    expect(await listUnsaved('audio')).toEqual([]);
  });

  it('an upload that did not travel keeps the recording in IndexedDB as pending with its details', async () => {
    const result = await recordedAndNaming();
    let outcome: SaveOutcome = 'failed';
    await act(async () => {
      outcome = await result.current.save(
        { title: 'В метро', description: 'без сети' },
        async () => {
          throw new Error('offline');
        },
        () => 'не должно показываться',
        { when: (e) => (e as Error).message === 'offline', ownerId: 7 },
      );
    });
    expect(outcome).toBe('kept');
    expect(result.current.state.status).toBe('saved');
    expect(await listUnsaved('audio')).toEqual([]);
    const pending = await listPending('audio');
    expect(pending).toHaveLength(1);
    expect(pending[0]?.pending).toMatchObject({ title: 'В метро', description: 'без сети', ownerId: 7 });
  });

  it('a failed upload keeps the recording and its stored copy and shows the reason', async () => {
    const result = await recordedAndNaming();
    await act(async () => {
      await result.current.save(
        { title: 'x', description: '' },
        async () => {
          throw new Error('boom');
        },
        () => 'Ошибка при сохранении записи: boom',
      );
    });
    expect(result.current.state.status).toBe('naming');
    expect(result.current.state.error).toEqual({ kind: 'save', message: 'Ошибка при сохранении записи: boom' });
    await waitFor(async () => expect(await listUnsaved('audio')).toHaveLength(1));
  });

  it('stops by itself at maxDuration', async () => {
    const { result } = renderHook(() => useRecorder({ maxDuration: 1 }));
    await act(() => result.current.start());
    await waitFor(() => expect(result.current.state.status).toBe('recorded'), { timeout: 3000 });
    expect(result.current.state.autoStopped).toBe(true);
    expect(result.current.state.recording?.duration).toBe(1);
  });

  it('discard stops everything and deletes the stored chunks', async () => {
    const { result } = renderHook(() => useRecorder());
    await act(() => result.current.start());
    act(() => FakeMediaRecorder.last!.emit('x'));
    await waitFor(async () => expect(await listUnsaved('audio')).toHaveLength(1));
    await act(() => result.current.discard());
    expect(result.current.state.status).toBe('idle');
    expect(await listUnsaved('audio')).toEqual([]);
  });

  it('a refused microphone is a permission error; asking again calls getUserMedia again', async () => {
    getUserMedia.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const { result } = renderHook(() => useRecorder());
    await act(() => result.current.start());
    expect(result.current.state.status).toBe('error');
    expect(result.current.state.error?.kind).toBe('permission');
    await act(() => result.current.start());
    expect(getUserMedia).toHaveBeenCalledTimes(2);
  });

  it('no microphone at all (NotFoundError) is also a permission error; other failures are start errors', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('none', 'NotFoundError'));
    const { result } = renderHook(() => useRecorder());
    await act(() => result.current.start());
    expect(result.current.state.error?.kind).toBe('permission');
    getUserMedia.mockRejectedValueOnce(new DOMException('busy', 'NotReadableError'));
    await act(() => result.current.start());
    expect(result.current.state.error?.kind).toBe('start');
  });

  it('without MediaRecorder the browser is unsupported', async () => {
    vi.stubGlobal('MediaRecorder', undefined);
    const { result } = renderHook(() => useRecorder());
    await act(() => result.current.start());
    expect(result.current.state.error?.kind).toBe('unsupported');
  });

  it('restores an unsaved session into the recorded state', async () => {
    const id = await createSession({ kind: 'audio', mimeType: 'audio/ogg' });
    await appendChunk(id, new Blob(['abc']), 2.6);
    const { result } = renderHook(() => useRecorder());
    let ok = false;
    await act(async () => {
      ok = await result.current.restore(id);
    });
    expect(ok).toBe(true);
    expect(result.current.state.status).toBe('recorded');
    expect(result.current.state.restored).toBe(true);
    expect(result.current.state.recording).toMatchObject({ mimeType: 'audio/ogg', duration: 3 });
    expect(result.current.state.recording?.blob.size).toBe(3);
  });
});

describe('useRecorder preview (the camera picture before recording)', () => {
  it('holds the camera as soon as it is idle, and the recording uses that same stream', async () => {
    const cam = fakeStream();
    getUserMedia.mockResolvedValue(cam.stream);
    const { result } = renderHook(() => useRecorder({ ...previewOptions, preview: true }));
    await waitFor(() => expect(result.current.previewState).toBe('live'));
    expect(result.current.stream).toBe(cam.stream);
    expect(result.current.state.status).toBe('idle');
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(getUserMedia).toHaveBeenCalledWith({ video: true, audio: true });

    await act(() => result.current.start());
    expect(result.current.state.status).toBe('recording');
    expect(FakeMediaRecorder.last!.stream).toBe(cam.stream);
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(cam.track.stop).not.toHaveBeenCalled();

    act(() => result.current.stop());
    await waitFor(() => expect(result.current.state.status).toBe('recorded'));
    // The recording is shown now: the camera is off.
    expect(cam.track.stop).toHaveBeenCalled();
    expect(result.current.stream).toBeNull();
  });

  it('comes back after the recording is discarded, and is released on unmount', async () => {
    const first = fakeStream();
    const second = fakeStream();
    getUserMedia.mockResolvedValueOnce(first.stream).mockResolvedValueOnce(second.stream);
    const { result, unmount } = renderHook(() => useRecorder({ ...previewOptions, preview: true }));
    await waitFor(() => expect(result.current.previewState).toBe('live'));
    await act(() => result.current.start());
    act(() => result.current.stop());
    await waitFor(() => expect(result.current.state.status).toBe('recorded'));

    await act(() => result.current.discard());
    await waitFor(() => expect(result.current.stream).toBe(second.stream));
    expect(result.current.state.status).toBe('idle');

    unmount();
    expect(second.track.stop).toHaveBeenCalled();
  });

  it('is let go when the wish turns off (a restored recording, a closing dialog)', async () => {
    const cam = fakeStream();
    getUserMedia.mockResolvedValue(cam.stream);
    const { result, rerender } = renderHook(({ preview }) => useRecorder({ ...previewOptions, preview }), {
      initialProps: { preview: true },
    });
    await waitFor(() => expect(result.current.previewState).toBe('live'));
    rerender({ preview: false });
    await waitFor(() => expect(result.current.stream).toBeNull());
    expect(cam.track.stop).toHaveBeenCalled();
    expect(result.current.previewState).toBe('off');
  });

  it('stops a camera that arrives after the recorder was unmounted', async () => {
    const cam = fakeStream();
    let resolve!: (s: MediaStream) => void;
    getUserMedia.mockReturnValue(new Promise<MediaStream>((r) => (resolve = r)));
    const { result, unmount } = renderHook(() => useRecorder({ ...previewOptions, preview: true }));
    await waitFor(() => expect(result.current.previewState).toBe('acquiring'));
    unmount();
    resolve(cam.stream);
    await waitFor(() => expect(cam.track.stop).toHaveBeenCalled());
  });

  it('a refused camera is no error until start, which reports it without asking again; the retry asks again', async () => {
    getUserMedia.mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    const { result } = renderHook(() => useRecorder({ ...previewOptions, preview: true }));
    await waitFor(() => expect(result.current.previewState).toBe('failed'));
    expect(result.current.state.status).toBe('idle');

    await act(() => result.current.start());
    expect(result.current.state.status).toBe('error');
    expect(result.current.state.error?.kind).toBe('permission');
    expect(getUserMedia).toHaveBeenCalledTimes(1);

    await act(() => result.current.start());
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(result.current.state.error?.kind).toBe('permission');
  });

  it('without the option nothing is asked before start (the audio recorder)', async () => {
    getUserMedia.mockResolvedValue(fakeStream().stream);
    const { result } = renderHook(() => useRecorder({ kind: 'audio', maxDuration: 300 }));
    await new Promise((r) => setTimeout(r, 20));
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(result.current.previewState).toBe('off');
  });
});
