import { lazily } from '@/lib/lazily';

/** The playback speeds a player offers, slowest first; 1× is the default. */
export const PLAYBACK_SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;

export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

export const DEFAULT_PLAYBACK_SPEED: PlaybackSpeed = 1;

const russianNumber = lazily(() => new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }));

/** A speed as the menu shows it, with the Russian decimal comma: '0,75×', '1×', '1,5×'. */
export function speedLabel(speed: PlaybackSpeed): string {
  return `${russianNumber().format(speed)}×`;
}

/** A menu value back to one of the offered speeds; anything else → null. */
export function parseSpeed(value: string): PlaybackSpeed | null {
  const n = Number(value);
  return PLAYBACK_SPEEDS.find((s) => s === n) ?? null;
}

type RateTarget = Pick<HTMLMediaElement, 'playbackRate' | 'defaultPlaybackRate' | 'preservesPitch'>;

/**
 * Plays `media` at `speed` with the pitch kept (a voice at 1.5× sounds like the same voice, faster).
 * The default rate is set too, so the speed survives the element reloading its source.
 */
export function applyPlaybackSpeed(media: RateTarget, speed: PlaybackSpeed): void {
  media.preservesPitch = true;
  media.defaultPlaybackRate = speed;
  media.playbackRate = speed;
}
