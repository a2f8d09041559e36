'use client';

import { SKIP_BUTTON_S } from '@/lib/media/playback/playback-keys';
import { parseSpeed, PLAYBACK_SPEEDS, speedLabel, type PlaybackSpeed } from '@/lib/media/playback/playback-speed';

export interface PlaybackControlsProps {
  speed: PlaybackSpeed;
  onSpeedChange: (speed: PlaybackSpeed) => void;
  /** Seconds back (negative) or forward. */
  onSkip: (seconds: number) => void;
  /** Until the media is there, the controls are shown but do nothing. */
  disabled?: boolean;
}

/** A circular arrow with "15" inside; `forward` mirrors the arrow (not the number). */
function SkipIcon({ forward }: { forward: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="h-7 w-7" aria-hidden="true" fill="currentColor">
      <path
        transform={forward ? 'translate(24 0) scale(-1 1)' : undefined}
        d="M12 5V1L7 6l5 5V7c3.31 0 6 2.69 6 6s-2.69 6-6 6-6-2.69-6-6H4c0 4.42 3.58 8 8 8s8-3.58 8-8-3.58-8-8-8z"
      />
      <text x="12" y="15.2" textAnchor="middle" fontSize="6" fontWeight="700" fontFamily="system-ui, sans-serif">
        {SKIP_BUTTON_S}
      </text>
    </svg>
  );
}

const skipButton =
  'flex h-10 w-10 items-center justify-center rounded-full text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-400';

/** ±15 s buttons and the speed menu under a recording's waveform. */
export function PlaybackControls({ speed, onSpeedChange, onSkip, disabled = false }: PlaybackControlsProps) {
  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        className={skipButton}
        aria-label="Назад на 15 секунд"
        title="Назад на 15 секунд"
        disabled={disabled}
        onClick={() => onSkip(-SKIP_BUTTON_S)}
      >
        <SkipIcon forward={false} />
      </button>
      <button
        type="button"
        className={skipButton}
        aria-label="Вперёд на 15 секунд"
        title="Вперёд на 15 секунд"
        disabled={disabled}
        onClick={() => onSkip(SKIP_BUTTON_S)}
      >
        <SkipIcon forward />
      </button>
      <select
        aria-label="Скорость воспроизведения"
        title="Скорость воспроизведения"
        value={String(speed)}
        disabled={disabled}
        onChange={(e) => {
          const picked = parseSpeed(e.target.value);
          if (picked !== null) onSpeedChange(picked);
        }}
        className="ml-auto min-h-10 rounded-md border border-slate-400 bg-white px-2 py-1 text-sm tabular-nums text-slate-900 disabled:text-slate-500"
      >
        {PLAYBACK_SPEEDS.map((s) => (
          <option key={s} value={String(s)}>
            {speedLabel(s)}
          </option>
        ))}
      </select>
    </div>
  );
}
