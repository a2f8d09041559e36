import { vi } from 'vitest';
import type { TokenStore } from '@/lib/api/session-auth';

type ClientModule = typeof import('@/lib/api/client');
type Answer<S> = (seen: S) => Response | Promise<Response>;

/** Where the faked API lives: Node's Request cannot resolve the app's relative '/api'. */
const ORIGIN = 'http://localhost:3000';

/**
 * `@/lib/api/client` for a `vi.mock` factory: the real ky client (its hooks, the refresh, the fallbacks'
 * native fetch) built with an absolute prefix over the global `fetch`, which the test stubs.
 *
 *   vi.mock('@/lib/api/client', async () => (await import('../support/api-client')).realApiClient(tokens));
 */
export async function realApiClient(tokens: TokenStore, options: { apiUrl?: (path: string) => string } = {}): Promise<ClientModule> {
  const real = await vi.importActual<ClientModule>('@/lib/api/client');
  const client = real.createApiClient({
    tokens,
    onAuthFailure: () => undefined,
    isLoginScreen: () => false,
    prefixUrl: `${ORIGIN}/api`,
    fetch: (input, init) => globalThis.fetch(input, init),
  });
  return {
    ...real,
    api: client.api,
    refreshAccessToken: client.refresh,
    fetchAuthorized: client.fetchAuthorized,
    sendAuthorized: client.sendAuthorized,
    apiUrl: options.apiUrl ?? client.apiUrl,
  };
}

/** A session with an access token (read anew on every request) and no refresh token; it keeps nothing. */
export function accessOnlyTokens(access: () => string | null): TokenStore {
  return { getAccess: access, getRefresh: () => null, setTokens: () => undefined, clear: () => undefined };
}

/** Stubs the global `fetch`: every call reaches `answer` as a Request with an absolute URL. */
export function stubFetch(answer: (request: Request) => Response | Promise<Response>): void {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
    answer(input instanceof Request ? input : new Request(new URL(String(input), `${ORIGIN}/`), init)),
  );
}

/** The next of a test's scripted answers, given what was seen; a request the script did not expect fails. */
export function nextAnswer<S>(answers: Answer<S>[], seen: S): Response | Promise<Response> {
  const answer = answers.shift();
  if (!answer) throw new Error('no more answers');
  return answer(seen);
}

/** A JSON answer; `null` is an answer with no body. */
export const json = (status: number, body: unknown): Response =>
  new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
