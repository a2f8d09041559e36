'use client';

import type { KeyboardEvent, Ref } from 'react';
import { PlayPauseIcon } from '@/components/ui/play-pause-icon';
import { SKIP_BUTTON_S, SKIP_KEY_S } from '@/lib/media/playback/playback-keys';
import { formatClock } from '@/lib/media/recording/recorder-machine';

/** The waveform's height in px: one line with the 44 px play button. */
export const WAVEFORM_HEIGHT = 40;

/** The position as a screen reader says it: «00:12 из 01:30». */
export const positionText = (current: number, total: number) => `${formatClock(current)} из ${formatClock(total)}`;

export interface WaveformRowProps {
  /** Where wavesurfer draws. */
  containerRef: Ref<HTMLDivElement>;
  ready: boolean;
  playing: boolean;
  /** The play button's accessible name ('Воспроизвести: …' or 'Пауза: …'). */
  label: string;
  onToggle: () => void;
  /** Seconds played and the whole length, for the clock. */
  current: number;
  total: number;
  /** Goes to a time, in seconds (the slider's keys). */
  onSeek: (seconds: number) => void;
  /** The slider's name: «Позиция: <title>». */
  positionLabel: string;
}

/**
 * The play/pause button, the waveform and the clock of a recording's player, one line of its grid (audio-player.tsx).
 * The waveform is the position's slider for the keyboard and screen readers (role=slider, «00:12 из 01:30»): ←/→ 5 s,
 * PageUp/PageDown 15 s, Home/End; the pointer clicks and drags on it as before.
 */
export function WaveformRow({ containerRef, ready, playing, label, onToggle, current, total, onSeek, positionLabel }: WaveformRowProps) {
  const onSliderKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const step: Record<string, number> = {
      ArrowLeft: current - SKIP_KEY_S,
      ArrowDown: current - SKIP_KEY_S,
      ArrowRight: current + SKIP_KEY_S,
      ArrowUp: current + SKIP_KEY_S,
      PageDown: current - SKIP_BUTTON_S,
      PageUp: current + SKIP_BUTTON_S,
      Home: 0,
      End: total,
    };
    const to = step[e.key];
    if (to === undefined) return;
    e.preventDefault();
    onSeek(Math.min(Math.max(0, to), total));
  };
  return (
    <>
      <button
        type="button"
        onClick={onToggle}
        disabled={!ready}
        aria-label={label}
        title={playing ? 'Пауза' : 'Воспроизвести'}
        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-fg hover:bg-accent-hover disabled:bg-surface-3 touch:h-11 touch:w-11"
      >
        <PlayPauseIcon playing={playing} />
      </button>
      <div
        ref={containerRef}
        role="slider"
        tabIndex={ready ? 0 : -1}
        aria-label={positionLabel}
        aria-valuemin={0}
        aria-valuemax={Math.round(total)}
        aria-valuenow={Math.floor(current)}
        aria-valuetext={positionText(current, total)}
        aria-disabled={ready ? undefined : true}
        onKeyDown={ready ? onSliderKey : undefined}
        className="min-w-0 flex-1 rounded outline-none focus-visible:ring-2 focus-visible:ring-accent"
        data-testid="waveform"
        data-ready={ready ? 'true' : 'false'}
        style={{ minHeight: WAVEFORM_HEIGHT }}
      />
      {/* A timer (its own live region, off): named, unlike a bare span. */}
      <span role="timer" aria-label="Время воспроизведения" className="shrink-0 text-right text-xs tabular-nums text-fg-muted">
        {formatClock(current)} / {formatClock(total)}
      </span>
    </>
  );
}
