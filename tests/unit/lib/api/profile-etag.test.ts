import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetProfile, getProfile } from '@/lib/api/profile';
import { stubFetch } from '../../support/api-client';

// The real ky client (hooks and all) over the stubbed fetch.
vi.mock('@/lib/api/client', async () => {
  const { accessOnlyTokens, realApiClient } = await import('../../support/api-client');
  return realApiClient(accessOnlyTokens(() => 'access-1'));
});

const user = (first_name: string) => ({
  id: 1,
  email: 'a@example.com',
  username: 'a',
  first_name,
  last_name: 'Петрова',
  phone: null,
  photo_url: null,
  is_active: true,
  is_email_verified: true,
  is_phone_verified: false,
  date_joined: '2026-01-01T00:00:00.000Z',
  is_staff: false,
});

/** What the server holds now: the profile and its ETag; a request naming that ETag gets a 304. */
let current = { etag: '"v1"', body: user('Алиса') };
let asked: Request[] = [];
beforeEach(() => {
  forgetProfile();
  asked = [];
  current = { etag: '"v1"', body: user('Алиса') };
  stubFetch((request) => {
    asked.push(request);
    if (request.headers.get('If-None-Match') === current.etag) return new Response(null, { status: 304, headers: { ETag: current.etag } });
    return new Response(JSON.stringify(current.body), {
      status: 200,
      headers: { 'Content-Type': 'application/json', ETag: current.etag, 'Cache-Control': 'no-store' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

/**
 * The profile is no-store and asked for with no-cache headers (the spec), so the browser never revalidates it: the
 * client sends the ETag of the last answer itself, and a 304 gives back the profile it has.
 */
describe('the profile is revalidated by the ETag the client remembers', () => {
  it('sends the last ETag as If-None-Match and answers a 304 with the profile it has', async () => {
    expect((await getProfile()).first_name).toBe('Алиса');
    expect(asked[0]!.headers.get('If-None-Match')).toBeNull();
    expect(asked[0]!.headers.get('Cache-Control')).toBe('no-cache');
    const again = await getProfile();
    expect(asked[1]!.headers.get('If-None-Match')).toBe('"v1"');
    expect(again).toMatchObject({ id: 1, first_name: 'Алиса', email: 'a@example.com' });
  });

  it('takes a changed profile and its new ETag at once', async () => {
    await getProfile();
    current = { etag: '"v2"', body: user('Аля') };
    expect((await getProfile()).first_name).toBe('Аля');
    expect(asked[1]!.headers.get('If-None-Match')).toBe('"v1"');
    await getProfile();
    expect(asked[2]!.headers.get('If-None-Match')).toBe('"v2"');
  });
});
