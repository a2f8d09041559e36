import { describe, expect, it } from 'vitest';
import { durationLabel, formatClock, formatDuration } from '@/lib/media/playback/format-duration';

describe('video duration badge', () => {
  it('is mm:ss below an hour, seconds cut rather than rounded', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(3)).toBe('00:03');
    expect(formatDuration(3.96)).toBe('00:03');
    expect(formatDuration(65)).toBe('01:05');
    expect(formatDuration(3599.9)).toBe('59:59');
  });

  it('is h:mm:ss from an hour on', () => {
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(36_000)).toBe('10:00:00');
  });

  it('is null when the length is unknown (still processing) or nonsense', () => {
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(undefined)).toBeNull();
    expect(formatDuration(Number.NaN)).toBeNull();
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBeNull();
    expect(formatDuration(-1)).toBeNull();
  });

  it('is m:ss on a video, as its player’s clock shows it («0:08», not «00:08»)', () => {
    expect(formatClock(8.4)).toBe('0:08');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(725)).toBe('12:05');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(null)).toBeNull();
  });

  it('reads out in words for screen readers', () => {
    expect(durationLabel(3)).toBe('Длительность 3 с');
    expect(durationLabel(65)).toBe('Длительность 1 мин 5 с');
    expect(durationLabel(3600)).toBe('Длительность 1 ч');
    expect(durationLabel(0)).toBe('Длительность 0 с');
    expect(durationLabel(null)).toBeNull();
  });
});
