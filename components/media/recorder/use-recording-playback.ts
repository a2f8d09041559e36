'use client';

import { useCallback, useEffect, useMemo, useRef, type Dispatch } from 'react';
import type { RecorderEvent, Recording } from '@/lib/media/recording/recorder-machine';

export interface RecordingPlayback {
  /** Object URL of the finished recording (for an <audio>/<video> element), or null. */
  recordingUrl: string | null;
  /** Plays the recording; the machine hears PLAY, PAUSE when it ends, PLAY_FAILED when it cannot. */
  play: () => Promise<void>;
  pause: () => void;
  /** Pauses without telling the machine (it moves on to the save form or the upload itself). */
  hush: () => void;
  /** Stops and lets go of the player (discarded or saved). */
  stop: () => void;
}

/** Listening to a finished recording before saving it. `canPlay` says whether the machine is in a state to play. */
export function useRecordingPlayback(
  recording: Recording | null,
  dispatch: Dispatch<RecorderEvent>,
  canPlay: () => boolean,
): RecordingPlayback {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const canPlayRef = useRef(canPlay);
  canPlayRef.current = canPlay;

  const recordingUrl = useMemo(() => (recording ? URL.createObjectURL(recording.blob) : null), [recording]);
  useEffect(
    () => () => {
      if (recordingUrl) URL.revokeObjectURL(recordingUrl);
    },
    [recordingUrl],
  );

  const stop = useCallback(() => {
    const a = audioRef.current;
    if (a) {
      a.pause();
      a.removeAttribute('src');
      a.load?.();
    }
    audioRef.current = null;
  }, []);

  const play = useCallback(async () => {
    if (!recordingUrl || !canPlayRef.current()) return;
    let audio = audioRef.current;
    if (!audio || audio.dataset.src !== recordingUrl) {
      stop();
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
  }, [recordingUrl, dispatch, stop]);

  const pause = useCallback(() => {
    audioRef.current?.pause();
    dispatch({ type: 'PAUSE' });
  }, [dispatch]);

  const hush = useCallback(() => audioRef.current?.pause(), []);

  useEffect(() => () => audioRef.current?.pause(), []);

  return { recordingUrl, play, pause, hush, stop };
}
