'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import { formatClock } from '@/lib/media/recorder-machine';
import { alternativeMediaUrls } from '@/lib/media/url-alternatives';

/** The waveform is created after 300 ms and given 5 s to get ready before native controls take over. */
export const WAVEFORM_INIT_DELAY_MS = 300;
export const WAVEFORM_TIMEOUT_MS = 5_000;

export interface AudioPlayerProps {
  /** Signed URL of the playable file. */
  src: string;
  /** Server peaks 0..1 (none → native controls; we never decode whole files in the browser). */
  peaks?: number[] | null;
  /** Seconds, from the server. */
  duration?: number | null;
  /** For the play button's accessible name. */
  title?: string;
}

type Mode = 'waveform' | 'native' | 'failed';

/** Only one recording plays at a time across the list. */
let pauseActive: (() => void) | null = null;
const claimPlayback = (pause: () => void) => {
  if (pauseActive && pauseActive !== pause) pauseActive();
  pauseActive = pause;
};

export function AudioPlayer({ src, peaks, duration, title }: AudioPlayerProps) {
  const canWaveform = !!peaks && peaks.length > 0 && !!duration && duration > 0;
  const [mode, setMode] = useState<Mode>(canWaveform ? 'waveform' : 'native');
  const [ready, setReady] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [urlIndex, setUrlIndex] = useState(0);

  const candidates = useMemo(
    () => [src, ...alternativeMediaUrls(src, typeof window !== 'undefined' ? window.location.href : undefined)],
    [src],
  );
  const url = candidates[Math.min(urlIndex, candidates.length - 1)]!;

  const containerRef = useRef<HTMLDivElement | null>(null);
  const wsRef = useRef<WaveSurfer | null>(null);
  const nativeRef = useRef<HTMLAudioElement | null>(null);
  const peaksRef = useRef(peaks);
  peaksRef.current = peaks;

  // A new record (or new signed URL) starts over.
  useEffect(() => {
    setMode(canWaveform ? 'waveform' : 'native');
    setUrlIndex(0);
    setReady(false);
    setPlaying(false);
    setCurrent(0);
  }, [src, canWaveform]);

  /** The media failed to load: next alternative URL, or give up. */
  const nextUrl = useCallback(() => {
    setUrlIndex((i) => {
      if (i + 1 < candidates.length) return i + 1;
      setMode('failed');
      return i;
    });
  }, [candidates.length]);

  const pauseSelf = useCallback(() => {
    wsRef.current?.pause();
    nativeRef.current?.pause();
  }, []);

  // Waveform mode: wavesurfer fed with the server's peaks and duration, MediaElement backend.
  useEffect(() => {
    if (mode !== 'waveform') return;
    let cancelled = false;
    let ws: WaveSurfer | null = null;
    let readyTimer: ReturnType<typeof setTimeout> | null = null;
    let isReady = false;
    const fallBack = () => {
      if (cancelled) return;
      ws?.destroy();
      wsRef.current = null;
      setReady(false);
      setPlaying(false);
      setMode('native');
    };

    // Runs after the delay; it falls back to the native controls on any failure, so it never rejects.
    const createWaveform = async () => {
      try {
        const { default: WaveSurferCtor } = await import('wavesurfer.js');
        if (cancelled || !containerRef.current) return;
        ws = WaveSurferCtor.create({
          container: containerRef.current,
          url,
          peaks: [peaksRef.current ?? []],
          duration: duration ?? undefined,
          backend: 'MediaElement',
          height: 48,
          waveColor: '#94a3b8',
          progressColor: '#2159c4',
          cursorColor: '#1b479c',
          cursorWidth: 2,
          barWidth: 2,
          barGap: 1,
          barRadius: 2,
          normalize: true,
          dragToSeek: true,
        });
        wsRef.current = ws;
        ws.getMediaElement().preload = 'metadata';
        readyTimer = setTimeout(() => {
          if (!isReady) fallBack();
        }, WAVEFORM_TIMEOUT_MS);
        ws.on('ready', () => {
          isReady = true;
          if (readyTimer) clearTimeout(readyTimer);
          if (!cancelled) setReady(true);
        });
        ws.on('play', () => {
          claimPlayback(pauseSelf);
          setPlaying(true);
        });
        ws.on('pause', () => setPlaying(false));
        ws.on('finish', () => setPlaying(false));
        ws.on('timeupdate', (t) => setCurrent((prev) => (Math.floor(prev) === Math.floor(t) ? prev : t)));
        ws.on('error', (err) => {
          if (cancelled) return;
          // A media load error: try the alternative URLs; anything else breaks the waveform → native controls.
          const isMediaError = typeof MediaError !== 'undefined' && err instanceof MediaError;
          if (isMediaError || ws?.getMediaElement().error) nextUrl();
          else if (!isReady) fallBack();
        });
      } catch {
        fallBack();
      }
    };
    const initTimer = setTimeout(() => void createWaveform(), WAVEFORM_INIT_DELAY_MS);

    return () => {
      cancelled = true;
      clearTimeout(initTimer);
      if (readyTimer) clearTimeout(readyTimer);
      if (pauseActive === pauseSelf) pauseActive = null;
      ws?.destroy();
      wsRef.current = null;
    };
  }, [mode, url, duration, nextUrl, pauseSelf]);

  const togglePlay = async () => {
    const ws = wsRef.current;
    if (!ws) return;
    try {
      await ws.playPause();
    } catch {
      nextUrl();
    }
  };

  const label = playing ? `Пауза${title ? `: ${title}` : ''}` : `Воспроизвести${title ? `: ${title}` : ''}`;
  const total = duration ?? 0;

  if (mode === 'failed') {
    return (
      <p className="text-sm text-red-700" role="alert">
        Не удалось загрузить аудио
      </p>
    );
  }

  if (mode === 'native') {
    return (
      <audio
        key={url}
        ref={nativeRef}
        controls
        preload="metadata"
        src={url}
        className="w-full"
        data-testid="native-audio"
        aria-label={title ? `Аудио: ${title}` : 'Аудио'}
        onError={nextUrl}
        onPlay={() => claimPlayback(pauseSelf)}
      />
    );
  }

  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        onClick={() => void togglePlay()}
        disabled={!ready}
        aria-label={label}
        title={playing ? 'Пауза' : 'Воспроизвести'}
        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-700 disabled:bg-slate-400"
      >
        {playing ? (
          <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" fill="currentColor">
            <rect x="6" y="5" width="4" height="14" rx="1" />
            <rect x="14" y="5" width="4" height="14" rx="1" />
          </svg>
        ) : (
          <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" fill="currentColor">
            <path d="M8 5v14l11-7z" />
          </svg>
        )}
      </button>
      <div
        ref={containerRef}
        className="min-w-0 flex-1"
        data-testid="waveform"
        data-ready={ready ? 'true' : 'false'}
        style={{ minHeight: 48 }}
      />
      <span className="shrink-0 text-right text-xs tabular-nums text-slate-700" aria-label="Время воспроизведения">
        {formatClock(current)} / {formatClock(total)}
      </span>
    </div>
  );
}
