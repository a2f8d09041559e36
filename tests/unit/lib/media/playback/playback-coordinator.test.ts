import { describe, expect, it, vi } from 'vitest';
import { createPlaybackCoordinator } from '@/lib/media/playback/playback-coordinator';

const player = () => ({ pause: vi.fn() });

describe('one recording plays at a time', () => {
  it('pauses the recording that was playing when another starts', () => {
    const c = createPlaybackCoordinator();
    const a = player();
    const b = player();
    c.claim(a);
    expect(a.pause).not.toHaveBeenCalled();
    c.claim(b);
    expect(a.pause).toHaveBeenCalledTimes(1);
    expect(b.pause).not.toHaveBeenCalled();
    expect(c.current()).toBe(b);
    c.claim(a);
    expect(b.pause).toHaveBeenCalledTimes(1);
  });

  it('does not pause a recording that starts again itself', () => {
    const c = createPlaybackCoordinator();
    const a = player();
    c.claim(a);
    c.claim(a);
    expect(a.pause).not.toHaveBeenCalled();
  });

  it('forgets a released recording, so it is not paused later', () => {
    const c = createPlaybackCoordinator();
    const a = player();
    const b = player();
    c.claim(a);
    c.release(a);
    expect(c.current()).toBeNull();
    c.claim(b);
    expect(a.pause).not.toHaveBeenCalled();
  });

  it('releasing a recording that is not the current one changes nothing', () => {
    const c = createPlaybackCoordinator();
    const a = player();
    const b = player();
    c.claim(a);
    c.release(b);
    expect(c.current()).toBe(a);
  });
});
