import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { createApiClient } from '@/lib/api/client';
import { singleFlight, type TokenStore } from '@/lib/api/session-auth';

function memoryTokens(access: string | null, refresh: string | null): TokenStore & { cleared: number } {
  const s = {
    access,
    refresh,
    cleared: 0,
    getAccess: () => s.access,
    getRefresh: () => s.refresh,
    setTokens: ({ access: a, refresh: r }: { access: string; refresh?: string | null }) => {
      s.access = a;
      if (r !== undefined) s.refresh = r;
    },
    clear: () => {
      s.access = null;
      s.refresh = null;
      s.cleared += 1;
    },
  };
  return s;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake server: protected routes accept only the bearer `valid`; refresh answers after a tick. */
function fakeServer(opts: { refreshOk: boolean; refreshUnanswered?: boolean; whileRefreshing?: () => void }) {
  const calls: { url: string; auth: string | null; body: string | null }[] = [];
  let refreshCalls = 0;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const url = new URL(req.url).pathname;
    const body = req.body ? await req.text() : null;
    calls.push({ url, auth: req.headers.get('Authorization'), body });
    if (url === '/api/auth/token/refresh/') {
      refreshCalls += 1;
      opts.whileRefreshing?.();
      await new Promise((r) => setTimeout(r, 20));
      // What fetch does when the network is down or the page is being left.
      if (opts.refreshUnanswered) throw new TypeError('Failed to fetch');
      return opts.refreshOk
        ? json(200, { access: 'valid', refresh: 'r2' })
        : json(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
    }
    if (req.headers.get('Authorization') !== 'Bearer valid') {
      return json(401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' });
    }
    return json(200, { url, body, photo_url: 'http://x/p.png' });
  });
  return { fetch, calls, refreshCount: () => refreshCalls };
}

function makeClient(server: ReturnType<typeof fakeServer>, tokens: TokenStore, onAuthFailure = vi.fn(), loginScreen = false) {
  return {
    onAuthFailure,
    ...createApiClient({ tokens, onAuthFailure, isLoginScreen: () => loginScreen, fetch: server.fetch, prefixUrl: 'http://localhost/api' }),
  };
}

describe('singleFlight', () => {
  it('shares one running call and starts a new one after it settles', async () => {
    let n = 0;
    const run = singleFlight(async () => {
      n += 1;
      await new Promise((r) => setTimeout(r, 5));
      return n;
    });
    const [a, b] = await Promise.all([run(), run()]);
    expect([a, b]).toEqual([1, 1]);
    expect(await run()).toBe(2);
  });
});

describe('the ky 401 → refresh hook', () => {
  it('sends the stored bearer token', async () => {
    const server = fakeServer({ refreshOk: true });
    const { api } = makeClient(server, memoryTokens('valid', 'r1'));
    await api.get('auth/profile/').json();
    expect(server.calls[0]!.auth).toBe('Bearer valid');
  });

  it('runs exactly one refresh for parallel 401s and retries each request once with the new token', async () => {
    const server = fakeServer({ refreshOk: true });
    const tokens = memoryTokens('expired', 'r1');
    const { api, onAuthFailure } = makeClient(server, tokens);
    const results = await Promise.all([
      api.get('auth/profile/').json<{ url: string }>(),
      api.get('media/audio/').json<{ url: string }>(),
      api.post('media/audio/x/', { json: { title: 'Т' } }).json<{ url: string; body: string }>(),
    ]);
    expect(server.refreshCount()).toBe(1);
    expect(results.map((r) => r.url)).toEqual(['/api/auth/profile/', '/api/media/audio/', '/api/media/audio/x/']);
    expect(results[2].body).toBe('{"title":"Т"}');
    expect(tokens.getAccess()).toBe('valid');
    expect(tokens.getRefresh()).toBe('r2');
    expect(onAuthFailure).not.toHaveBeenCalled();
    const refreshBody = server.calls.find((c) => c.url === '/api/auth/token/refresh/')!.body;
    expect(JSON.parse(refreshBody!)).toEqual({ refresh: 'r1' });
    // 3 first tries + 1 refresh + 3 retries
    expect(server.calls).toHaveLength(7);
  });

  it('a failed refresh clears the tokens, reports the failure once per request and passes the 401 on', async () => {
    const server = fakeServer({ refreshOk: false });
    const tokens = memoryTokens('expired', 'r1');
    const { api, onAuthFailure } = makeClient(server, tokens);
    const outcomes = await Promise.allSettled([api.get('auth/profile/').json(), api.get('media/audio/').json()]);
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(server.refreshCount()).toBe(1);
    expect(tokens.getAccess()).toBeNull();
    expect(tokens.getRefresh()).toBeNull();
    expect(tokens.cleared).toBeGreaterThan(0);
    expect(onAuthFailure).toHaveBeenCalled();
  });

  it('a refused refresh keeps the pair another answer stored meanwhile (a password change) and resends with it', async () => {
    // A password change ends every session, this tab's too, and answers with a new pair. A request sent with the
    // old token just before got a 401; its refresh with the old refresh token was refused and cleared the
    // tokens, the new pair included: the tab went to /login right after «Пароль успешно изменен».
    const tokens = memoryTokens('old', 'r1');
    const server = fakeServer({ refreshOk: false, whileRefreshing: () => tokens.setTokens({ access: 'valid', refresh: 'r2' }) });
    const { api, onAuthFailure } = makeClient(server, tokens);
    const answer = await api.get('auth/profile/').json<{ url: string }>();
    expect(answer.url).toBe('/api/auth/profile/');
    expect(server.refreshCount()).toBe(1);
    expect(tokens.cleared).toBe(0);
    expect([tokens.getAccess(), tokens.getRefresh()]).toEqual(['valid', 'r2']);
    expect(onAuthFailure).not.toHaveBeenCalled();
    expect(server.calls.at(-1)?.auth).toBe('Bearer valid');
  });

  it('a refresh that gets no answer keeps the session: the tokens stay and the requests fail with no answer', async () => {
    // A reload while a refresh was on its way dropped it, and the dropped refresh used to clear the tokens:
    // the reloaded page found no session and went to /login.
    const server = fakeServer({ refreshOk: true, refreshUnanswered: true });
    const tokens = memoryTokens('expired', 'r1');
    const { api, onAuthFailure } = makeClient(server, tokens);
    const outcomes = await Promise.allSettled([api.get('auth/profile/').json(), api.get('media/audio/').json()]);
    expect(outcomes.map((o) => (o.status === 'rejected' ? (o.reason as ApiError).status : 'ok'))).toEqual([null, null]);
    expect(server.refreshCount()).toBe(1);
    expect(tokens.cleared).toBe(0);
    expect([tokens.getAccess(), tokens.getRefresh()]).toEqual(['expired', 'r1']);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('does not refresh on the login screen or for the login call itself', async () => {
    const server = fakeServer({ refreshOk: true });
    const { api } = makeClient(server, memoryTokens('expired', 'r1'), vi.fn(), true);
    await expect(api.get('auth/profile/').json()).rejects.toThrow();
    const other = makeClient(server, memoryTokens('expired', 'r1'));
    await expect(other.api.post('auth/login/', { json: { email: 'a@b.c', password: 'x' } }).json()).rejects.toThrow();
    expect(server.refreshCount()).toBe(0);
  });

  it('rewrites URLs in JSON answers to the page scheme', async () => {
    const server = fakeServer({ refreshOk: true });
    const { api } = makeClient(server, memoryTokens('valid', 'r1'));
    const body = await api.get('auth/profile/').json<{ photo_url: string }>();
    expect(body.photo_url).toBe(`${window.location.protocol}//x/p.png`);
  });

  it('without a refresh token a 401 clears the session without calling the server', async () => {
    const server = fakeServer({ refreshOk: true });
    const tokens = memoryTokens('expired', null);
    const { api, onAuthFailure } = makeClient(server, tokens);
    await expect(api.get('auth/profile/').json()).rejects.toThrow();
    expect(server.refreshCount()).toBe(0);
    expect(tokens.cleared).toBe(1);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
  });
});

describe('one bearer and refresh for every transport', () => {
  it('ky, the native fetch and a transport of its own (the XHR upload) share one refresh, each retrying once', async () => {
    const server = fakeServer({ refreshOk: true });
    const tokens = memoryTokens('expired', 'r1');
    const client = makeClient(server, tokens);
    const sentByUpload: (string | null)[] = [];
    const [viaKy, viaFetch, viaUpload] = await Promise.all([
      client.api.get('media/audio/').json<{ url: string }>(),
      client.fetchAuthorized('media/photo/', { method: 'DELETE' }).then((r) => r.json() as Promise<{ url: string }>),
      client.sendAuthorized('http://localhost/api/media/video/', async (token) => {
        sentByUpload.push(token);
        return { status: token === 'valid' ? 201 : 401 };
      }),
    ]);
    expect(server.refreshCount()).toBe(1);
    expect(viaKy.url).toBe('/api/media/audio/');
    expect(viaFetch.url).toBe('/api/media/photo/');
    expect(viaUpload.status).toBe(201);
    expect(sentByUpload).toEqual(['expired', 'valid']);
    expect(client.onAuthFailure).not.toHaveBeenCalled();
  });

  it('a failed refresh ends the session the same way whichever transport met the 401', async () => {
    const server = fakeServer({ refreshOk: false });
    const client = makeClient(server, memoryTokens('expired', 'r1'));
    const error = await client.fetchAuthorized('media/photo/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    const upload = await client.sendAuthorized('http://localhost/api/media/video/', async () => ({ status: 401 }));
    expect(upload.status).toBe(401);
    expect(client.onAuthFailure).toHaveBeenCalledTimes(2);
  });
});

describe('the one client error', () => {
  it("ky fails with ApiError: the status, the decoded DRF body and the server's words as its message", async () => {
    const fetch = vi.fn(async () => json(400, { title: ['Название обязательно'] }));
    const { api } = createApiClient({
      tokens: memoryTokens('valid', 'r1'),
      onAuthFailure: vi.fn(),
      isLoginScreen: () => false,
      fetch,
      prefixUrl: 'http://localhost/api',
    });
    const error = (await api.patch('media/audio/1/', { json: { title: '' } }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.data).toEqual({ title: ['Название обязательно'] });
    expect(error.message).toBe('Название обязательно');
    expect(error.failedToTravel).toBe(false);
  });

  it('no answer at all is an ApiError without a status; an abort stays an abort', async () => {
    const fetch = vi.fn(async (): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    });
    const { api, fetchAuthorized } = createApiClient({
      tokens: memoryTokens('valid', 'r1'),
      onAuthFailure: vi.fn(),
      isLoginScreen: () => false,
      fetch,
      prefixUrl: 'http://localhost/api',
    });
    for (const run of [() => api.get('media/audio/'), () => fetchAuthorized('media/audio/')]) {
      const error = (await run().catch((e: unknown) => e)) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBeNull();
      expect(error.failedToTravel).toBe(true);
      expect(error.message).toBe('Нет соединения с сервером');
    }
    fetch.mockImplementation(async () => {
      throw new DOMException('stopped', 'AbortError');
    });
    expect(await api.get('media/audio/').catch((e: unknown) => (e as Error).name)).toBe('AbortError');
  });
});
