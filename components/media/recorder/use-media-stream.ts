'use client';

import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { isRecordingSupported } from '@/lib/media/recording/recording-support';

/** off: not wanted; acquiring: asked the browser; live: the stream is there; failed: the browser refused. */
export type PreviewState = 'off' | 'acquiring' | 'live' | 'failed';

/**
 * What the stream is for right now: `preview` — hold the camera/microphone while idle, so a video
 * recorder shows the live picture before recording starts; `recording` — a recording owns it; `off`
 * — let it go (unless `inUse` says a recorder still holds it).
 */
export type StreamMode = 'preview' | 'recording' | 'off';

export interface UseMediaStreamOptions {
  /** getUserMedia constraints, read when the browser is asked. */
  constraints: () => MediaStreamConstraints;
  mode: StreamMode;
  /** True while a MediaRecorder still works on the stream: `off` then keeps it. */
  inUse: () => boolean;
}

export interface MediaStreamHandle {
  /** The live stream while previewing or recording. */
  stream: MediaStream | null;
  previewState: PreviewState;
  /**
   * The stream for a recording: the held preview, the preview's pending request (its refusal is
   * reported here, without asking the browser again), or a new request.
   */
  obtain: () => Promise<MediaStream>;
  /** Keeps a stream obtained for a recording as the live one. */
  hold: (stream: MediaStream) => void;
  /** Stops the live stream's tracks. */
  release: () => void;
  /** Gives up everything (a discarded recording); the preview, when wanted, comes back. */
  reset: () => void;
}

interface Acquisition {
  promise: Promise<MediaStream>;
  /** Given up (closed, discarded): a stream that still arrives is stopped. */
  abandoned: boolean;
  /** Handed to obtain(), whose caller now owns the stream or the refusal. */
  taken: boolean;
}

const stopTracks = (s: MediaStream) => s.getTracks().forEach((t) => t.stop());

/**
 * The camera/microphone stream of a recorder: acquired for the idle preview when wanted, handed
 * over to the recording, and released when it is no longer wanted, on reset and on unmount. A
 * refused preview is no error by itself: the next obtain() reports it.
 */
export function useMediaStream({ constraints, mode, inUse }: UseMediaStreamOptions): MediaStreamHandle {
  const streamRef = useRef<MediaStream | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [previewState, setPreviewState] = useState<PreviewState>('off');
  /** The preview's getUserMedia call until it is held, handed to obtain(), or abandoned. */
  const acquireRef = useRef<Acquisition | null>(null);
  const mountedRef = useRef(true);
  const [epoch, setEpoch] = useState(0);

  const release = useCallback(() => {
    const held = streamRef.current;
    if (!held) return;
    stopTracks(held);
    streamRef.current = null;
    if (mountedRef.current) setStream(null);
  }, []);

  const hold = useCallback((s: MediaStream) => {
    streamRef.current = s;
    setStream(s);
  }, []);

  /** Forgets the preview's pending acquisition; a stream that still arrives is stopped at once. */
  const abandonAcquisition = useCallback(() => {
    const pending = acquireRef.current;
    acquireRef.current = null;
    if (pending) pending.abandoned = true;
  }, []);

  const constraintsRef = useRef(constraints);
  constraintsRef.current = constraints;

  // Effect events: the mode effect below runs on mode changes only, and these read the latest props.
  const acquirePreview = useEffectEvent(() => {
    if (streamRef.current || acquireRef.current || !isRecordingSupported()) return;
    const acquisition: Acquisition = {
      promise: navigator.mediaDevices.getUserMedia(constraintsRef.current()),
      abandoned: false,
      taken: false,
    };
    acquireRef.current = acquisition;
    setPreviewState('acquiring');
    acquisition.promise.then(
      (s) => {
        if (acquisition.taken) return; // obtain() has it
        if (acquisition.abandoned || !mountedRef.current) {
          stopTracks(s);
          return;
        }
        acquireRef.current = null;
        hold(s);
        setPreviewState('live');
      },
      () => {
        // Kept in acquireRef: the next obtain() reports this refusal.
        if (!acquisition.taken && !acquisition.abandoned && mountedRef.current) setPreviewState('failed');
      },
    );
  });

  const letGo = useEffectEvent(() => {
    abandonAcquisition();
    if (!inUse()) release();
    setPreviewState('off');
  });

  useEffect(() => {
    if (mode === 'preview') acquirePreview();
    else if (mode === 'off') letGo();
    // A recording keeps its stream. Runs on mode changes (and after a reset) only.
  }, [mode, epoch]);

  const obtain = useCallback((): Promise<MediaStream> => {
    const held = streamRef.current;
    if (held && held.getTracks().every((t) => t.readyState !== 'ended')) return Promise.resolve(held);
    release();
    const pending = acquireRef.current;
    if (pending) {
      acquireRef.current = null;
      pending.taken = true;
      return pending.promise;
    }
    return navigator.mediaDevices.getUserMedia(constraintsRef.current());
  }, [release]);

  const reset = useCallback(() => {
    abandonAcquisition();
    release();
    if (mountedRef.current) setEpoch((n) => n + 1);
  }, [abandonAcquisition, release]);

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      abandonAcquisition();
      release();
    };
  }, [abandonAcquisition, release]);

  return { stream, previewState, obtain, hold, release, reset };
}
