import ky, { type KyInstance, type Options } from 'ky';
import { sessionTokenStore } from '@/lib/auth/session';
import { createTokenRefresher, type TokenPair, type TokenStore } from './refresh';
import { currentPage, parseJsonWithRewrite, rewriteUrls } from './rewrite-urls';

/** Auth endpoints whose 401 means "wrong credentials / bad token", never "refresh and retry". */
const NO_REFRESH = /\/api\/auth\/(login|register|token\/refresh|logout|verify-email|resend-|reset-password|request-password-reset-code)/;

export interface ApiClientDeps {
  tokens: TokenStore;
  /** Called after a failed refresh (tokens are already cleared): the app goes to /login. */
  onAuthFailure: () => void;
  /** A 401 on the login screen is just a wrong password (no refresh, no redirect). */
  isLoginScreen: () => boolean;
  fetch?: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  prefixUrl?: string;
}

export interface ApiClient {
  api: KyInstance;
  /** The shared single-flight refresh: new access token, or null (tokens cleared). */
  refresh: () => Promise<string | null>;
}

/**
 * Builds the ky instance and its refresh. Exported as a factory so unit tests can pass a fake
 * fetch; the app uses the `api` singleton below.
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const fetchFn = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const prefixUrl = deps.prefixUrl ?? '/api';

  const bare = ky.create({
    prefixUrl,
    credentials: 'include',
    headers: { Accept: 'application/json' },
    retry: 0,
    timeout: false,
    fetch: fetchFn,
  });

  const refresh = createTokenRefresher(deps.tokens, (token) =>
    bare.post('auth/token/refresh/', { json: { refresh: token } }).json<Partial<TokenPair>>(),
  );

  // Same origin, credentials and retry policy as `bare`, plus the rewrite, bearer and refresh hooks.
  const api = bare.extend({
    parseJson: (text) => parseJsonWithRewrite(text),
    hooks: {
      beforeRequest: [
        (request) => {
          const token = deps.tokens.getAccess();
          if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
          // ky sets JSON for `json:`; a FormData body keeps the browser's multipart boundary.
          if (request.body !== null && !request.headers.has('Content-Type')) {
            request.headers.set('Content-Type', 'application/json');
          }
        },
      ],
      afterResponse: [
        async (request, options, response) => {
          if (response.status !== 401) return;
          if (options.context.skipAuthRefresh) return;
          if (NO_REFRESH.test(new URL(request.url, 'http://x').pathname)) return;
          if (deps.isLoginScreen()) return;

          const sentWith = request.headers.get('Authorization')?.replace(/^Bearer\s+/i, '') ?? null;
          const current = deps.tokens.getAccess();
          // Another request already refreshed while this one was in flight: reuse its token.
          const token = current && current !== sentWith ? current : await refresh();
          if (!token) {
            deps.onAuthFailure();
            return;
          }
          const headers = new Headers(request.headers);
          headers.set('Authorization', `Bearer ${token}`);
          const retried = await fetchFn(new Request(request, { headers }));
          if (retried.status === 401) deps.onAuthFailure();
          return retried;
        },
      ],
    },
  });

  return { api, refresh };
}

/**
 * The session is gone and this runs outside React (the API client's refresh hook), where no router
 * exists: a full load of /login also drops every query cached for the ended session.
 */
function redirectToLogin(): void {
  if (typeof window === 'undefined') return;
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load on purpose, see above
  if (!/^\/login\/?$/.test(window.location.pathname)) window.location.assign('/login');
}

const client = createApiClient({
  tokens: sessionTokenStore,
  onAuthFailure: () => {
    sessionTokenStore.clear();
    redirectToLogin();
  },
  isLoginScreen: () => typeof window !== 'undefined' && /^\/login\/?$/.test(window.location.pathname),
});

/** The one ky instance: `api.get('media/audio/').json<T>()` (JSON answers are URL-rewritten). */
export const api: KyInstance = client.api;

/** The shared single-flight token refresh (also used by the start-up sequence). */
export const refreshAccessToken = client.refresh;

/** Reads a Response's JSON body through the URL rewrite (page scheme, absolute media paths) for raw fetch/ky responses. */
export async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!text) return undefined as T;
  const data: unknown = JSON.parse(text);
  const page = currentPage();
  return (page ? rewriteUrls(data, page) : data) as T;
}

/** ky options that skip the 401 → refresh hook (the start-up sequence runs its own refresh). */
export const noAuthRefresh: Options = { context: { skipAuthRefresh: true } };
