import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessTokenAtom, authStatusAtom } from '@/lib/auth/atoms';
import { prefetchWhenSignedIn } from '@/lib/auth/prefetch';
import { appStore } from '@/lib/store';

afterEach(() => {
  appStore.set(accessTokenAtom, null);
  appStore.set(authStatusAtom, 'unknown');
  window.history.pushState({}, '', '/');
});

describe('prefetchWhenSignedIn (a screen’s list asked for as the sign-in check ends)', () => {
  it('starts once when the check ends signed in on the page', async () => {
    window.history.pushState({}, '', '/audio/');
    const prefetch = vi.fn(() => Promise.resolve());
    prefetchWhenSignedIn('/audio', prefetch);
    expect(prefetch).not.toHaveBeenCalled();
    appStore.set(authStatusAtom, 'authenticated');
    appStore.set(authStatusAtom, 'guest');
    appStore.set(authStatusAtom, 'authenticated');
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('starts beside the profile request, when the check puts the stored token in place', () => {
    window.history.pushState({}, '', '/audio/');
    const prefetch = vi.fn(() => Promise.resolve());
    prefetchWhenSignedIn('/audio', prefetch);
    appStore.set(accessTokenAtom, 'stored-access-token');
    expect(prefetch).toHaveBeenCalledTimes(1);
    appStore.set(authStatusAtom, 'authenticated');
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('does nothing for a guest, on another page, or once the check has already ended', () => {
    const prefetch = vi.fn(() => Promise.resolve());
    window.history.pushState({}, '', '/audio/');
    prefetchWhenSignedIn('/audio', prefetch);
    appStore.set(authStatusAtom, 'guest');
    appStore.set(authStatusAtom, 'authenticated');

    appStore.set(authStatusAtom, 'unknown');
    window.history.pushState({}, '', '/photos/');
    prefetchWhenSignedIn('/audio', prefetch);
    appStore.set(authStatusAtom, 'authenticated');

    window.history.pushState({}, '', '/audio/');
    prefetchWhenSignedIn('/audio', prefetch);
    appStore.set(authStatusAtom, 'authenticated');
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('leaves a failed prefetch to the screen’s own request (no unhandled rejection)', async () => {
    window.history.pushState({}, '', '/video/');
    const prefetch = vi.fn(() => Promise.reject(new Error('нет сети')));
    prefetchWhenSignedIn('/video', prefetch);
    appStore.set(authStatusAtom, 'authenticated');
    await Promise.resolve();
    expect(prefetch).toHaveBeenCalledTimes(1);
  });
});
