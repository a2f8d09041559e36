'use client';

import type { Ref } from 'react';
import { formatClock } from '@/lib/media/recording/recorder-machine';

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
}

/** The play/pause button, the waveform and the clock of a recording's player. */
export function WaveformRow({ containerRef, ready, playing, label, onToggle, current, total }: WaveformRowProps) {
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        onClick={onToggle}
        disabled={!ready}
        aria-label={label}
        title={playing ? 'Пауза' : 'Воспроизвести'}
        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-fg hover:bg-accent-hover disabled:bg-surface-3"
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
      <span className="shrink-0 text-right text-xs tabular-nums text-fg-muted" aria-label="Время воспроизведения">
        {formatClock(current)} / {formatClock(total)}
      </span>
    </div>
  );
}
