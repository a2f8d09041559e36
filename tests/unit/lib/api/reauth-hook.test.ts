import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { createApiClient } from '@/lib/api/client';
import { REAUTH_CANCELLED, reauthAskedAtom, registerReauthHost, settleReauth } from '@/lib/auth/reauth';
import { appStore } from '@/lib/store';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const REAUTH_REQUIRED = { detail: 'Подтвердите вход', code: 'reauth_required' };

/** A fake server: `/api/media/export/` needs a recent sign-in, which POST /api/auth/reauth/ with `secret` gives. */
function fakeServer() {
  let recent = false;
  const calls: { url: string; body: string | null }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const url = new URL(req.url).pathname;
    const body = req.body ? await req.text() : null;
    calls.push({ url, body });
    if (url === '/api/auth/reauth/') {
      if ((JSON.parse(body ?? '{}') as { password?: string }).password !== 'secret') return json(400, { password: ['Неверный пароль'] });
      recent = true;
      return json(200, { detail: 'Вход подтверждён' });
    }
    if (!recent) return json(403, REAUTH_REQUIRED);
    return json(200, { url, body });
  });
  return { fetch, calls, confirm: () => (recent = true) };
}

function client(server: ReturnType<typeof fakeServer>) {
  const tokens = { getAccess: () => 'valid', getRefresh: () => 'r', setTokens: () => {}, clear: () => {} };
  return createApiClient({
    tokens,
    onAuthFailure: vi.fn(),
    isLoginScreen: () => false,
    fetch: server.fetch,
    prefixUrl: 'http://localhost/api',
  });
}

describe('the API client on 403 reauth_required', () => {
  let unregister: (() => void) | null = null;
  afterEach(() => {
    unregister?.();
    unregister = null;
  });

  it('re-confirms with the password the request already carries and repeats it, with no dialog', async () => {
    const server = fakeServer();
    const answer = await client(server)
      .api.post('auth/2fa/setup/', { json: { password: 'secret' } })
      .json<{ body: string }>();
    expect(JSON.parse(answer.body)).toEqual({ password: 'secret' });
    expect(server.calls.map((c) => c.url)).toEqual(['/api/auth/2fa/setup/', '/api/auth/reauth/', '/api/auth/2fa/setup/']);
    expect(appStore.get(reauthAskedAtom)).toBe(false);
  });

  it('a share link’s own password is no proof: the dialog asks', async () => {
    const server = fakeServer();
    unregister = registerReauthHost();
    const pending = client(server)
      .api.post('shares/', { json: { target: { album: 1 }, password: 'secret' } })
      .json()
      .catch((e: unknown) => e);
    await vi.waitFor(() => expect(appStore.get(reauthAskedAtom)).toBe(true));
    expect(server.calls.map((c) => c.url)).toEqual(['/api/shares/']);
    settleReauth(false);
    expect(((await pending) as ApiError).status).toBe(403);
  });

  it('a wrong password in the request fails it as the form’s own wrong password', async () => {
    const server = fakeServer();
    const error = await client(server)
      .api.post('auth/2fa/setup/', { json: { password: 'wrong' } })
      .json()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).data).toEqual({ password: ['Неверный пароль'] });
  });

  it('asks the dialog once for requests refused together, and repeats each when confirmed', async () => {
    const server = fakeServer();
    unregister = registerReauthHost();
    const api = client(server).api;
    const first = api.post('media/export/', { json: { items: [1] } }).json<{ body: string }>();
    const second = api.post('shares/', { json: { target: { album: 1 } } }).json<{ body: string }>();
    await vi.waitFor(() => expect(appStore.get(reauthAskedAtom)).toBe(true));
    server.confirm();
    settleReauth(true);
    expect(JSON.parse((await first).body)).toEqual({ items: [1] });
    expect(JSON.parse((await second).body)).toEqual({ target: { album: 1 } });
    expect(appStore.get(reauthAskedAtom)).toBe(false);
  });

  it('cancelled, the action is not done and says why', async () => {
    const server = fakeServer();
    unregister = registerReauthHost();
    const pending = client(server)
      .api.post('media/export/', { json: {} })
      .json()
      .catch((e: unknown) => e);
    await vi.waitFor(() => expect(appStore.get(reauthAskedAtom)).toBe(true));
    settleReauth(false);
    const error = (await pending) as ApiError;
    expect(error.status).toBe(403);
    expect(error.data).toEqual({ detail: REAUTH_CANCELLED, code: 'reauth_required' });
    expect(server.calls.filter((c) => c.url === '/api/media/export/')).toHaveLength(1);
  });

  it('with no dialog to ask (no signed-in frame), the refusal stands', async () => {
    const server = fakeServer();
    const error = (await client(server)
      .api.post('media/export/', { json: {} })
      .json()
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(403);
  });
});
