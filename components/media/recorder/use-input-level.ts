'use client';

import { useEffect, useRef, useState } from 'react';

/** How many levels the scrolling strip keeps: about 6 s at LEVEL_STEP_MS. */
export const LEVEL_HISTORY = 96;
/** A new level is taken this often (the strip moves one bar a step). */
export const LEVEL_STEP_MS = 60;
/** What a screen reader is given (the meter's value): once a second, so it is not a stream of changes. */
export const LEVEL_SPOKEN_MS = 1_000;
/** The quietest level drawn: −60 dBFS and below is silence. */
const FLOOR_DB = -60;

/** A block of samples' loudness as 0..1: its RMS in dBFS, mapped from FLOOR_DB..0. */
export function levelOf(samples: Float32Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  const rms = Math.sqrt(sum / Math.max(1, samples.length));
  if (rms <= 0) return 0;
  const db = 20 * Math.log10(rms);
  return Math.min(1, Math.max(0, (db - FLOOR_DB) / -FLOOR_DB));
}

export interface InputLevel {
  /** The last LEVEL_HISTORY levels (0..1), oldest first: what the strip draws. Read on each frame, not rendered. */
  history: { current: number[] };
  /** The level as a screen reader is given it, 0..100, renewed every LEVEL_SPOKEN_MS. */
  spoken: number;
}

type AudioContextClass = typeof AudioContext;
const audioContextClass = (): AudioContextClass | null =>
  typeof window === 'undefined'
    ? null
    : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext ?? null);

/**
 * The live input level of a recording's stream (the microphone already granted: no new permission), read by an
 * AnalyserNode while `active`. The levels go into a ref (the strip draws them on its own frames); the spoken value is
 * state, changed once a second. Nothing runs, and the audio context is closed, when inactive.
 */
export function useInputLevel(stream: MediaStream | null, active: boolean): InputLevel {
  const history = useRef<number[]>([]);
  const [spoken, setSpoken] = useState(0);

  useEffect(() => {
    const Context = audioContextClass();
    if (!active || !stream || !Context || stream.getAudioTracks().length === 0) return;
    let context: AudioContext;
    try {
      context = new Context();
    } catch {
      return; // no audio context here: no level, the recording goes on
    }
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    source.connect(analyser);
    void context.resume().catch(() => undefined);
    const samples = new Float32Array(analyser.fftSize);
    history.current = [];
    let loudest = 0;
    const step = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      const level = levelOf(samples);
      loudest = Math.max(loudest, level);
      const next = history.current.length >= LEVEL_HISTORY ? history.current.slice(1) : history.current.slice();
      next.push(level);
      history.current = next;
    }, LEVEL_STEP_MS);
    const say = setInterval(() => {
      setSpoken(Math.round(loudest * 100));
      loudest = 0;
    }, LEVEL_SPOKEN_MS);
    return () => {
      clearInterval(step);
      clearInterval(say);
      source.disconnect();
      void context.close().catch(() => undefined);
      setSpoken(0);
    };
  }, [stream, active]);

  return { history, spoken };
}
