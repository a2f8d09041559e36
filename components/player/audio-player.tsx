'use client';

import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import { Button } from '@/components/ui/button';
import { useMediaPlayback } from '@/components/player/use-media-playback';
import { useTheme } from '@/hooks/use-theme';
import { playbackKeyAction } from '@/lib/media/playback/playback-keys';
import { alternativeMediaUrls } from '@/lib/media/playback/url-alternatives';
import { PlaybackControls } from './playback-controls';
import { TrimPanel } from './trim-panel';
import type { TrimPart } from '@/lib/media/playback/trim-part';
import { positionText, WaveformRow } from './waveform-row';

/** The waveform is created after 300 ms and given 5 s to get ready before native controls take over. */
export const WAVEFORM_INIT_DELAY_MS = 300;
export const WAVEFORM_TIMEOUT_MS = 5_000;

export interface AudioPlayerProps {
  /** Signed URL of the playable file. */
  src: string;
  /** Server peaks 0..100, drawn scaled to the loudest (none → native controls; we never decode whole files in the browser). */
  peaks?: number[] | null;
  /** Seconds, from the server. */
  duration?: number | null;
  /** For the play button's accessible name. */
  title?: string;
  /** The record, so a long recording goes on from where it was left. */
  recordId?: number;
  /** «Обрезать» on the waveform: sends the part to keep (rejects with the message to show). */
  trim?: { save: (part: TrimPart) => Promise<void>; saving: boolean };
  /** Told the share played (0..1) as it changes: the list row's thin progress line. */
  onProgress?: (share: number) => void;
}

type Mode = 'waveform' | 'native' | 'failed';

/** The waveform's colours in the theme on screen (app/globals.css: --wave, --wave-played, --wave-cursor). */
function waveColors() {
  const css = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    waveColor: read('--wave', '#a3abb8'),
    progressColor: read('--wave-played', '#2257c5'),
    cursorColor: read('--wave-cursor', '#1b479c'),
  };
}

/** Forgets `element` as the player's media unless another one has taken its place already. */
const dropMedia = (element: HTMLMediaElement) => (current: HTMLMediaElement | null) => (current === element ? null : current);

/**
 * A recording's player: the waveform (or native controls), ±15 s, the speed menu. Focused, it takes
 * Space (play/pause) and ← → (5 s back/forward).
 */
export function AudioPlayer({ src, peaks, duration, title, recordId, trim, onProgress }: AudioPlayerProps) {
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
  /** The same waveform, for what renders with it (the trim panel draws its handles on it). */
  const [waveform, setWaveform] = useState<WaveSurfer | null>(null);
  const peaksRef = useRef(peaks);
  peaksRef.current = peaks;
  /** The element that plays: wavesurfer's, or the native <audio>. */
  const [media, setMedia] = useState<HTMLMediaElement | null>(null);
  const playback = useMediaPlayback(media, { recordId, duration });
  const hintId = useId();
  // A seek by the ±15 s buttons or the player's ← → is spoken here («Перемотано: 00:12 из 01:30»); the slider
  // speaks its own value while it has the focus.
  const [seekNote, setSeekNote] = useState('');
  const [trimming, setTrimming] = useState(false);
  const trimButtonRef = useRef<HTMLButtonElement | null>(null);
  /** Closing the trim panel without saving hands the focus back to «Обрезать». */
  const closeTrim = useCallback(() => {
    setTrimming(false);
    requestAnimationFrame(() => trimButtonRef.current?.focus());
  }, []);
  const attachNative = useCallback((element: HTMLAudioElement | null) => {
    if (!element) return;
    setMedia(element);
    return () => setMedia(dropMedia(element));
  }, []);

  // The waveform takes the theme's colours whenever the theme changes.
  const theme = useTheme();
  useEffect(() => {
    waveform?.setOptions(waveColors());
  }, [theme, waveform]);

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

  // Waveform mode: wavesurfer fed with the server's peaks and duration, MediaElement backend.
  useEffect(() => {
    if (mode !== 'waveform') return;
    let cancelled = false;
    let ws: WaveSurfer | null = null;
    let element: HTMLMediaElement | null = null;
    let readyTimer: ReturnType<typeof setTimeout> | null = null;
    let isReady = false;
    const fallBack = () => {
      if (cancelled) return;
      ws?.destroy();
      wsRef.current = null;
      setWaveform(null);
      if (element) setMedia(dropMedia(element));
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
          ...waveColors(),
          cursorWidth: 2,
          barWidth: 2,
          barGap: 1,
          barRadius: 2,
          normalize: true,
          dragToSeek: true,
        });
        wsRef.current = ws;
        setWaveform(ws);
        element = ws.getMediaElement();
        element.preload = 'metadata';
        setMedia(element);
        readyTimer = setTimeout(() => {
          if (!isReady) fallBack();
        }, WAVEFORM_TIMEOUT_MS);
        ws.on('ready', () => {
          isReady = true;
          if (readyTimer) clearTimeout(readyTimer);
          if (!cancelled) setReady(true);
        });
        ws.on('play', () => setPlaying(true));
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
      ws?.destroy();
      wsRef.current = null;
      setWaveform(null);
      if (element) setMedia(dropMedia(element));
    };
  }, [mode, url, duration, nextUrl]);

  const togglePlay = async () => {
    const ws = wsRef.current;
    if (mode === 'waveform') {
      if (!ws) return;
      try {
        await ws.playPause();
      } catch {
        nextUrl();
      }
    } else if (media) {
      // A failed load shows up as the element's own error event, which moves on to the next URL.
      if (media.paused) await media.play().catch(() => undefined);
      else media.pause();
    }
  };

  const total = duration ?? 0;
  /** Skips and says where it landed (the waveform's length, else the element's own). */
  const skipBy = (seconds: number) => {
    const to = playback.skip(seconds);
    if (to === null) return;
    const length = total > 0 ? total : Number.isFinite(media?.duration) ? media!.duration : 0;
    setSeekNote(`Перемотано: ${positionText(to, length)}`);
  };

  /** The media is there (and, with the waveform, ready): the buttons and keys act. */
  const controllable = !!media && (mode !== 'waveform' || ready);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const action = playbackKeyAction(e.nativeEvent, e.target instanceof Element ? e.target : null, e.currentTarget);
    if (!action || !controllable) return;
    e.preventDefault();
    if (action.kind === 'toggle') void togglePlay();
    else skipBy(action.seconds);
  };

  useEffect(() => {
    if (onProgress && duration) onProgress(current / duration);
  }, [current, duration, onProgress]);

  const label = playing ? `Пауза${title ? `: ${title}` : ''}` : `Воспроизвести${title ? `: ${title}` : ''}`;

  if (mode === 'failed') {
    return (
      <p className="text-sm text-danger-text" role="alert">
        Не удалось загрузить аудио
      </p>
    );
  }

  const player =
    mode === 'native' ? (
      <audio
        key={url}
        ref={attachNative}
        controls
        preload="metadata"
        src={url}
        className="w-full"
        data-testid="native-audio"
        aria-label={title ? `Аудио: ${title}` : 'Аудио'}
        onError={nextUrl}
      />
    ) : (
      <WaveformRow
        containerRef={containerRef}
        ready={ready}
        playing={playing}
        label={label}
        onToggle={() => void togglePlay()}
        current={current}
        total={total}
        onSeek={(to) => {
          playback.seekTo(to);
          setCurrent(to);
        }}
        positionLabel={title ? `Позиция: ${title}` : 'Позиция'}
      />
    );

  const trimArea =
    trim && mode === 'waveform' && ready && waveform && total > 0 ? (
      trimming ? (
        <TrimPanel wavesurfer={waveform} duration={total} onSave={trim.save} saving={trim.saving} onClose={closeTrim} />
      ) : (
        <div>
          <Button ref={trimButtonRef} variant="secondary" onClick={() => setTrimming(true)}>
            Обрезать
          </Button>
        </div>
      )
    ) : null;

  // The player itself takes focus (Tab, or a click on the waveform), so its keys act on this recording only.
  const group = (
    <div
      role="group"
      tabIndex={0}
      aria-label={title ? `Плеер: ${title}` : 'Плеер'}
      aria-describedby={hintId}
      aria-keyshortcuts="Space ArrowLeft ArrowRight"
      onKeyDown={onKeyDown}
      className="flex flex-col gap-1 rounded-md"
      data-testid="audio-player"
    >
      {player}
      <PlaybackControls speed={playback.speed} onSpeedChange={playback.setSpeed} onSkip={skipBy} disabled={!controllable} />
      <p id={hintId} className="sr-only">
        Пробел — воспроизведение или пауза, стрелки влево и вправо — на 5 секунд назад или вперёд.
      </p>
      <p role="status" className="sr-only" data-testid="seek-status">
        {seekNote}
      </p>
    </div>
  );
  return (
    <div className="flex flex-col gap-2">
      {group}
      {trimArea}
    </div>
  );
}
