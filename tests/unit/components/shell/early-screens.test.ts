import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStatusAtom } from '@/lib/auth/atoms';
import { STORAGE_KEYS, writeKey } from '@/lib/auth/storage';
import { appStore } from '@/lib/store';

// The profile's answer never comes in these tests: what starts, starts beside the profile request.
const profile = vi.hoisted(() => vi.fn(() => new Promise<never>(() => undefined)));
const audioList = vi.hoisted(() => vi.fn(() => Promise.resolve([])));
const audioScreen = vi.hoisted(() => vi.fn());
vi.mock('@/components/shell/signed-in', () => ({
  fetchStartupProfile: profile,
  refreshStartupToken: vi.fn(),
  mediaQueries: (kind: string) => ({ list: () => ({ queryKey: ['media', kind, 'list'], queryFn: audioList }) }),
}));
// The kind's own API module (upload, edits, fallbacks) never arrives here: the list must not wait for it.
vi.mock('@/lib/api/audio', () => new Promise(() => undefined));
vi.mock('@/components/media/screen/media-screen', () => {
  audioScreen();
  return { MediaScreen: () => null };
});

afterEach(() => {
  writeKey(STORAGE_KEYS.token, null);
  window.history.pushState({}, '', '/');
});

describe('the page load with a stored session (auth-bootstrap + early-screens)', () => {
  it('asks for the page’s list, without waiting for the kind’s own API code, and fetches its screen while the profile request is still out', async () => {
    window.history.pushState({}, '', '/audio/');
    writeKey(STORAGE_KEYS.token, 'stored-access-token');
    const { startAuth } = await import('@/components/shell/auth-bootstrap');
    void startAuth();
    await vi.waitFor(() => expect(profile).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(audioList).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(audioScreen).toHaveBeenCalledTimes(1));
    expect(appStore.get(authStatusAtom)).toBe('unknown');
  });
});
