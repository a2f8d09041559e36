'use client';

import { SKIP_BUTTON_S } from '@/lib/media/playback/playback-keys';
import { Listbox } from '@/components/ui/listbox';
import { lazily } from '@/lib/lazily';
import { PLAYBACK_SPEEDS, parseSpeed, speedLabel, type PlaybackSpeed } from '@/lib/media/playback/playback-speed';

// Made when a player first draws, not as the list's code loads (its labels make the page's first number formatter).
const speedOptions = lazily(() => PLAYBACK_SPEEDS.map((s) => ({ value: String(s), label: speedLabel(s) })));

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
  'flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-accent-text hover:bg-accent-soft disabled:cursor-not-allowed disabled:text-fg-subtle touch:h-11 touch:w-11';

/**
 * ±15 s buttons and the speed menu of a recording's player, as cells of its grid (audio-player.tsx): on a phone a
 * second line under the waveform (−15 under play, +15 beside it, the speed under the clock); from 640 px on the
 * waveform's own line, after the clock.
 */
export function PlaybackControls({ speed, onSpeedChange, onSkip, disabled = false }: PlaybackControlsProps) {
  return (
    <>
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
        className={`${skipButton} justify-self-start`}
        aria-label="Вперёд на 15 секунд"
        title="Вперёд на 15 секунд"
        disabled={disabled}
        onClick={() => onSkip(SKIP_BUTTON_S)}
      >
        <SkipIcon forward />
      </button>
      <Listbox
        label="Скорость воспроизведения"
        hideLabel
        size="sm"
        className="w-20 justify-self-end"
        value={String(speed)}
        disabled={disabled}
        onChange={(v) => {
          const picked = parseSpeed(v);
          if (picked !== null) onSpeedChange(picked);
        }}
        options={speedOptions()}
      />
    </>
  );
}
