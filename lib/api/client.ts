import ky, { type AfterResponseHook, type KyInstance, type Options } from 'ky';
import { sessionTokenStore } from '@/lib/auth/session';
import { errorCodeOf, RECENT_SIGN_IN } from '@/contract/errors';
import { askForReauth, REAUTH_CANCELLED } from '@/lib/auth/reauth';
import { ApiError, isAbort } from './api-error';
import { parseJsonWithRewrite } from './rewrite-urls';
import { createSessionAuth, type SessionAuth, type TokenPair, type TokenStore } from './session-auth';

type FetchFn = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export interface ApiClientDeps {
  tokens: TokenStore;
  /** Called after a failed refresh (tokens are already cleared): the app goes to /login. */
  onAuthFailure: () => void;
  /** A 401 on the login screen is just a wrong password (no refresh, no redirect). */
  isLoginScreen: () => boolean;
  fetch?: FetchFn;
  prefixUrl?: string;
}

export interface ApiClient {
  /** ky with the bearer, the 401 → refresh → retry, the URL rewrite of JSON answers; fails with ApiError. */
  api: KyInstance;
  /** The shared single-flight refresh: new access token, or null (refused, tokens cleared); throws with no answer. */
  refresh: () => Promise<string | null>;
  /** Native fetch of an API path with the same bearer and refresh as ky; fails with ApiError. */
  fetchAuthorized: (path: string, init?: RequestInit) => Promise<Response>;
  /** Runs any other transport (the XHR upload) through the same bearer and refresh. */
  sendAuthorized: SessionAuth['send'];
  /** The URL of an API path ('media/audio/' → '/api/media/audio/'). */
  apiUrl: (path: string) => string;
}

/**
 * Builds the ky instance, the native fetch and the session's bearer/refresh they share. A factory so
 * unit tests can pass a fake fetch; the app uses the singletons below.
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const fetchFn: FetchFn = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const prefixUrl = (deps.prefixUrl ?? '/api').replace(/\/+$/, '');
  const apiUrl = (path: string) => `${prefixUrl}/${path.replace(/^\/+/, '')}`;

  /** fetch whose "no answer" is an ApiError too (an abort stays an AbortError). */
  const travel: FetchFn = async (input, init) => {
    try {
      return await fetchFn(input, init);
    } catch (error) {
      throw isAbort(error) ? error : ApiError.noAnswer(error);
    }
  };

  /** The last afterResponse hook: a refused request fails with the one client error. */
  const failWithApiError: AfterResponseHook = async (_request, _options, response) => {
    if (!response.ok) throw await ApiError.fromResponse(response);
  };

  const common = {
    prefixUrl,
    credentials: 'include',
    headers: { Accept: 'application/json' },
    retry: 0,
    timeout: false,
    fetch: travel,
    throwHttpErrors: false,
  } satisfies Options;

  const bare = ky.create({ ...common, hooks: { afterResponse: [failWithApiError] } });

  /** `request` sent again as it was, with the bearer of now (a refresh may have changed it meanwhile). */
  const resend = (request: Request) => {
    const headers = new Headers(request.headers);
    const token = auth.bearer();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return travel(new Request(request, { headers }));
  };

  /**
   * Recent sign-in: a 403 `reauth_required` is answered by a re-confirmation and the request is sent again.
   * A request whose JSON body carries the current password (two-step sign-in, e-mail change, a new passkey)
   * re-confirms with that password, so nobody types it twice; a wrong one fails the request as the form's
   * own wrong password. Otherwise the «Подтвердите вход» dialog asks (lib/auth/reauth); cancelled, the
   * request fails with a 403 that says the action was not done.
   */
  const reauthAndRepeat: AfterResponseHook = async (request, options, response) => {
    if (response.status !== 403 || options.context.skipReauth || request.bodyUsed) return;
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => null);
    if (errorCodeOf(body) !== RECENT_SIGN_IN.code) return;
    const typed = await typedPassword(request);
    if (typed !== null) {
      try {
        await api.post('auth/reauth/', { json: { password: typed }, context: { skipReauth: true } });
        return resend(request);
      } catch (error) {
        // A wrong password (or too many) is the form's answer; with no answer at all, the dialog asks.
        if (error instanceof ApiError && error.status !== null) throw error;
      }
    }
    if (!(await askForReauth())) {
      const cancelled = { detail: REAUTH_CANCELLED, code: RECENT_SIGN_IN.code };
      return new Response(JSON.stringify(cancelled), { status: 403, headers: { 'Content-Type': 'application/json' } });
    }
    return resend(request);
  };

  const auth = createSessionAuth({
    tokens: deps.tokens,
    exchange: (refresh) => bare.post('auth/token/refresh/', { json: { refresh } }).json<Partial<TokenPair>>(),
    onAuthFailure: deps.onAuthFailure,
    isLoginScreen: deps.isLoginScreen,
  });

  const api: KyInstance = ky.create({
    ...common,
    parseJson: (text) => parseJsonWithRewrite(text),
    hooks: {
      beforeRequest: [
        (request) => {
          const token = auth.bearer();
          if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
          // ky sets JSON for `json:`; a FormData body keeps the browser's multipart boundary.
          if (request.body !== null && !request.headers.has('Content-Type')) {
            request.headers.set('Content-Type', 'application/json');
          }
        },
      ],
      afterResponse: [
        async (request, options, response) => {
          if (options.context.skipAuthRefresh) return;
          const sentWith = request.headers.get('Authorization')?.replace(/^Bearer\s+/i, '') ?? null;
          const answer = await auth.recover(request.url, sentWith, response, (token) => {
            const headers = new Headers(request.headers);
            headers.set('Authorization', `Bearer ${token}`);
            return travel(new Request(request, { headers }));
          });
          return answer === response ? undefined : answer;
        },
        reauthAndRepeat,
        failWithApiError,
      ],
    },
  });

  const fetchAuthorized = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const url = apiUrl(path);
    const response = await auth.send(url, (token) => {
      const headers = new Headers(init.headers);
      if (!headers.has('Accept')) headers.set('Accept', 'application/json');
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return travel(url, { ...init, headers, credentials: 'include' });
    });
    if (!response.ok) throw await ApiError.fromResponse(response);
    return response;
  };

  return { api, refresh: auth.refresh, fetchAuthorized, sendAuthorized: auth.send, apiUrl };
}

/**
 * The routes whose `password` field is the account's current password (a share link's `password` is the link's
 * own, never a proof of who is at the keyboard).
 */
const CARRIES_CURRENT_PASSWORD = /\/api\/auth\/(2fa\/[a-z-]+|change-email|passkeys\/register\/options)\/?$/;

/** The current password a JSON request body carries in its `password` field, or null. */
async function typedPassword(request: Request): Promise<string | null> {
  if (!CARRIES_CURRENT_PASSWORD.test(new URL(request.url).pathname)) return null;
  if (!request.headers.get('Content-Type')?.includes('application/json')) return null;
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => null);
  const password = body && typeof body === 'object' ? (body as { password?: unknown }).password : undefined;
  return typeof password === 'string' && password ? password : null;
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

/** Native fetch with ky's bearer and refresh (the spec's last fallbacks go around ky on purpose). */
export const fetchAuthorized = client.fetchAuthorized;

/** The bearer and refresh for a transport of its own (the XHR upload). */
export const sendAuthorized = client.sendAuthorized;

/** The URL of an API path, under the same prefix as ky's requests. */
export const apiUrl = client.apiUrl;

/** ky options that skip the 401 → refresh hook (the start-up sequence runs its own refresh). */
export const noAuthRefresh: Options = { context: { skipAuthRefresh: true } };
