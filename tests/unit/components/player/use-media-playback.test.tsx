import { act, cleanup, renderHook } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMediaPlayback } from '@/components/player/use-media-playback';
import { userAtom } from '@/lib/auth/atoms';
import type { User } from '@/lib/auth/types';
import { playbackCoordinator } from '@/lib/media/playback/playback-coordinator';
import { playbackPositionKey } from '@/lib/media/playback/playback-position';

const USER: User = {
  id: 7,
  email: 'a@example.test',
  username: 'a',
  first_name: 'А',
  last_name: 'Б',
  phone: null,
  photo_url: null,
  is_active: true,
  is_email_verified: true,
  is_phone_verified: false,
};
const KEY = playbackPositionKey(USER.id, 42);

/** A jsdom <audio> whose readyState the test moves (jsdom never loads media). */
function fakeMedia(readyState = 0) {
  const media = document.createElement('audio');
  let state = readyState;
  Object.defineProperty(media, 'readyState', { get: () => state });
  const load = () => {
    state = HTMLMediaElement.HAVE_METADATA;
    media.dispatchEvent(new Event('loadedmetadata'));
  };
  const fire = (type: string) => media.dispatchEvent(new Event(type));
  const empty = () => {
    state = HTMLMediaElement.HAVE_NOTHING;
    media.currentTime = 0;
  };
  return { media, load, fire, empty };
}

function render(media: HTMLMediaElement, duration: number) {
  const store = createStore();
  store.set(userAtom, USER);
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return renderHook(({ m }) => useMediaPlayback(m, { recordId: 42, duration }), { wrapper, initialProps: { m: media } });
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('useMediaPlayback', () => {
  it('goes on from the remembered place of a long recording once the media knows its length', () => {
    localStorage.setItem(KEY, '61.5');
    const { media, load, fire } = fakeMedia();
    render(media, 150);
    // Loading starts at 0 and may report it: that must not overwrite the remembered place.
    fire('seeked');
    expect(localStorage.getItem(KEY)).toBe('61.5');
    load();
    expect(media.currentTime).toBe(61.5);
  });

  it('writes the place as it moves and on pause, and forgets it at the end', () => {
    const { media, load, fire } = fakeMedia();
    render(media, 150);
    load();
    media.currentTime = 30;
    fire('timeupdate');
    expect(localStorage.getItem(KEY)).toBe('30');
    media.currentTime = 30.4;
    fire('timeupdate');
    expect(localStorage.getItem(KEY)).toBe('30');
    fire('pause');
    expect(localStorage.getItem(KEY)).toBe('30.4');
    fire('ended');
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('does not remember a recording of two minutes or less', () => {
    const { media, load, fire } = fakeMedia();
    render(media, 120);
    load();
    media.currentTime = 30;
    fire('pause');
    expect(localStorage.length).toBe(0);
  });

  it('writes nothing when the player goes away, so a deleted record stays forgotten', () => {
    const { media, load, fire } = fakeMedia();
    const view = render(media, 150);
    load();
    media.currentTime = 30;
    fire('pause');
    expect(localStorage.getItem(KEY)).toBe('30');
    localStorage.removeItem(KEY);
    view.unmount();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('does not take an emptied element (its player torn down) for a return to the start', () => {
    const { media, load, fire, empty } = fakeMedia();
    render(media, 150);
    load();
    media.currentTime = 30;
    fire('pause');
    empty();
    fire('pause');
    fire('seeked');
    expect(localStorage.getItem(KEY)).toBe('30');
  });

  it('sets the chosen speed with the pitch kept, also on a new media element', () => {
    const first = fakeMedia().media;
    const view = render(first, 10);
    act(() => view.result.current.setSpeed(1.5));
    expect([first.playbackRate, first.preservesPitch]).toEqual([1.5, true]);
    const second = fakeMedia().media;
    view.rerender({ m: second });
    expect(second.playbackRate).toBe(1.5);
  });

  it('skips within the recording', () => {
    const { media } = fakeMedia(HTMLMediaElement.HAVE_METADATA);
    const view = render(media, 20);
    act(() => {
      view.result.current.skip(15);
    });
    expect(media.currentTime).toBe(15);
    act(() => {
      view.result.current.skip(15);
    });
    expect(media.currentTime).toBe(20);
    act(() => {
      view.result.current.skip(-15);
    });
    expect(media.currentTime).toBe(5);
  });

  it('pauses the recording that was playing when this one starts', () => {
    const other = { pause: vi.fn() };
    playbackCoordinator.claim(other);
    const { media, fire } = fakeMedia();
    const view = render(media, 10);
    fire('play');
    expect(other.pause).toHaveBeenCalledTimes(1);
    expect(playbackCoordinator.current()).toBe(media);
    view.unmount();
    expect(playbackCoordinator.current()).toBeNull();
  });
});
