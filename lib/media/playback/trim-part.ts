import {
  TRIM_MESSAGES,
  TRIM_MIN_SECONDS,
  TRIM_NOT_A_NUMBER,
  TRIM_START_NEGATIVE,
  TRIM_END_SLACK_SECONDS,
  type TrimRequest,
} from '@/contract/media';

/** The part of a recording to keep, in seconds from its start. */
export type TrimPart = TrimRequest;

/**
 * What is wrong with a part before it is sent, in the server's words, or null: both times numbers,
 * 0 ≤ start < end ≤ duration, and at least TRIM_MIN_SECONDS kept.
 */
export function trimPartError({ start, end }: TrimPart, duration: number): string | null {
  if (!Number.isFinite(start) || !Number.isFinite(end)) return TRIM_NOT_A_NUMBER;
  if (start < 0) return TRIM_START_NEGATIVE;
  if (end <= start) return TRIM_MESSAGES.endBeforeStart;
  if (end > duration + TRIM_END_SLACK_SECONDS) return TRIM_MESSAGES.pastEnd(duration);
  if (end - start < TRIM_MIN_SECONDS) return TRIM_MESSAGES.tooShort;
  return null;
}
