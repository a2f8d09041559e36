'use client';

import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import { useMediaPlayback } from '@/components/player/use-media-playback';
import { useTheme } from '@/hooks/use-theme';
import { playbackKeyAction } from '@/lib/media/playback/playback-keys';
import { alternativeMediaUrls } from '@/lib/media/playback/url-alternatives';
import { PlaybackControls } from './playback-controls';
import { TrimPanel } from './trim-panel';
import type { TrimPart } from '@/lib/media/playback/trim-part';
import { positionText, WAVEFORM_HEIGHT, WaveformRow } from './waveform-row';

/** A clip this long or longer gets ±15 s and the speed; a shorter one only plays (a 5 s memo has nothing to skip). */
export const LONG_CLIP_S = 30;

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
  /**
   * The trim panel on the waveform, open while `open` (the row's «⋯» → «Обрезать» opens it): sends the part to keep
   * (rejects with the message to show); `close` after «Отмена», Escape or a save.
   */
  trim?: { open: boolean; save: (part: TrimPart) => Promise<void>; saving: boolean; close: () => void };
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
          height: WAVEFORM_HEIGHT,
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
    trim?.open && mode === 'waveform' && ready && waveform && total > 0 ? (
      <TrimPanel wavesurfer={waveform} duration={total} onSave={trim.save} saving={trim.saving} onClose={trim.close} />
    ) : null;
  // ±15 s and the speed only where they help: not on a clip shorter than LONG_CLIP_S (a length not known yet counts as long).
  const length = total > 0 ? total : Number.isFinite(media?.duration) ? media!.duration : 0;
  const long = !(length > 0 && length < LONG_CLIP_S);

  // The player itself takes focus (Tab, or a click on the waveform), so its keys act on this recording only. Its
  // grid: play, waveform and clock on one line; ±15 s and the speed on a second line on a phone, on the same line
  // from 640 px (the cells in that order, so Tab follows the eye either way).
  const group = (
    <div
      role="group"
      tabIndex={0}
      aria-label={title ? `Плеер: ${title}` : 'Плеер'}
      aria-describedby={hintId}
      aria-keyshortcuts="Space ArrowLeft ArrowRight"
      onKeyDown={onKeyDown}
      className="group/player flex flex-col gap-1 rounded-md"
      data-testid="audio-player"
    >
      {mode === 'native' ? (
        player
      ) : (
        <div className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-2 gap-y-1 sm:flex sm:gap-x-3">
          {player}
          {long ? (
            <PlaybackControls speed={playback.speed} onSpeedChange={playback.setSpeed} onSkip={skipBy} disabled={!controllable} />
          ) : null}
        </div>
      )}
      {mode === 'native' ? (
        <div className="flex items-center gap-1">
          <PlaybackControls speed={playback.speed} onSpeedChange={playback.setSpeed} onSkip={skipBy} disabled={!controllable} />
        </div>
      ) : null}
      {/* Said with the player; shown too while the keyboard is in it, for whoever sees the screen. */}
      <p
        id={hintId}
        className="sr-only text-xs text-fg-muted group-focus-visible/player:not-sr-only group-has-[:focus-visible]/player:not-sr-only"
      >
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
