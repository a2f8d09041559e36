import { describe, expect, it } from 'vitest';
import { applyPlaybackSpeed, DEFAULT_PLAYBACK_SPEED, parseSpeed, PLAYBACK_SPEEDS, speedLabel } from '@/lib/media/playback/playback-speed';

describe('playback speeds', () => {
  it('offers 0.75×, 1×, 1.25×, 1.5× and 2×, with 1× the default', () => {
    expect(PLAYBACK_SPEEDS).toEqual([0.75, 1, 1.25, 1.5, 2]);
    expect(DEFAULT_PLAYBACK_SPEED).toBe(1);
  });

  it('labels each speed with the Russian decimal comma', () => {
    expect(PLAYBACK_SPEEDS.map(speedLabel)).toEqual(['0,75×', '1×', '1,25×', '1,5×', '2×']);
  });

  it('reads back only an offered speed from a menu value', () => {
    expect(PLAYBACK_SPEEDS.map((s) => parseSpeed(String(s)))).toEqual([...PLAYBACK_SPEEDS]);
    expect(parseSpeed('3')).toBeNull();
    expect(parseSpeed('')).toBeNull();
    expect(parseSpeed('быстро')).toBeNull();
  });

  it('sets the rate and the default rate of the element and keeps the pitch', () => {
    const media = document.createElement('audio');
    media.preservesPitch = false;
    applyPlaybackSpeed(media, 1.5);
    expect(media.playbackRate).toBe(1.5);
    expect(media.defaultPlaybackRate).toBe(1.5);
    expect(media.preservesPitch).toBe(true);
  });
});
