import { ApiError, isAbort } from './api-error';

/**
 * The bearer token and the refresh, written once for every way a request leaves the web app (ky's
 * hooks, the native-fetch fallbacks, the XHR upload): each request carries the stored access token;
 * a 401 outside the login screen refreshes the tokens once (one refresh at a time, shared by every
 * waiting request) and repeats the request once with the new token; a failed refresh, or a second
 * 401, ends the session.
 */

/**
 * Single-flight wrapper: while one call of `task` is running every caller gets the same promise,
 * so parallel 401s never start two refreshes (the server's token rotation would treat the second
 * as reuse). A finished call (success or failure) lets the next caller start a fresh one.
 */
export function singleFlight<T>(task: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return () => {
    if (!inFlight) {
      inFlight = task().finally(() => {
        inFlight = null;
      });
    }
    return inFlight;
  };
}

export interface TokenPair {
  access: string;
  refresh: string;
}

/** Plain functions (no `this`): callers may pass them on on their own. */
export interface TokenStore {
  getAccess: () => string | null;
  getRefresh: () => string | null;
  setTokens: (tokens: { access: string; refresh?: string | null }) => void;
  clear: () => void;
}

/**
 * True when a refresh got no answer: the network is down, or the page is going away (a reload, a full load of
 * another page) and the browser dropped the request. The server may well have rotated the token meanwhile (it
 * answers the same token presented again within its grace period), so the session is not over.
 */
function unanswered(error: unknown): boolean {
  return isAbort(error) || (error instanceof ApiError && error.status === null);
}

/** Auth endpoints whose 401 means "wrong credentials / bad token", never "refresh and retry". */
const NO_REFRESH = /\/api\/auth\/(login|register|token\/refresh|logout|verify-email|resend-|reset-password|request-password-reset-code)/;

export interface SessionAuthDeps {
  tokens: TokenStore;
  /** POSTs a refresh token to the server and resolves to its answer (throws when refused). */
  exchange: (refresh: string) => Promise<Partial<TokenPair>>;
  /** Called when the session ended (tokens already cleared): the app goes to /login. */
  onAuthFailure: () => void;
  /** A 401 on the login screen is just a wrong password (no refresh, no redirect). */
  isLoginScreen: () => boolean;
}

export interface SessionAuth {
  /** The access token to send now, or null. */
  bearer: () => string | null;
  /**
   * The shared refresh: the new access token, or null (refused: tokens cleared). A refresh that got no answer
   * fails with its error and leaves the tokens as they are.
   */
  refresh: () => Promise<string | null>;
  /**
   * The 401 half for an answer already received: `answer` came back from `url`, sent with the bearer
   * `sentWith`. On a 401 that may be refreshed, resolves to the answer of `resend` with a fresh token
   * (or the token another request refreshed meanwhile); otherwise to `answer` unchanged.
   */
  recover: <R extends { status: number }>(
    url: string,
    sentWith: string | null,
    answer: R,
    resend: (token: string) => Promise<R>,
  ) => Promise<R>;
  /** Sends with the current bearer (`attempt(token)`) and runs a 401 through `recover`. */
  send: <R extends { status: number }>(url: string, attempt: (token: string | null) => Promise<R>) => Promise<R>;
}

export function createSessionAuth(deps: SessionAuthDeps): SessionAuth {
  const { tokens } = deps;

  const refresh = singleFlight(async (): Promise<string | null> => {
    const stored = tokens.getRefresh();
    if (!stored) {
      tokens.clear();
      return null;
    }
    try {
      const answer = await deps.exchange(stored);
      if (!answer.access) throw new Error('no access token in the refresh answer');
      tokens.setTokens({ access: answer.access, refresh: answer.refresh ?? stored });
      return answer.access;
    } catch (error) {
      // Only a refusal ends the session. Clearing on a dropped request logged people out when they reloaded
      // or left the page while a refresh was on its way.
      if (unanswered(error)) throw error;
      // A pair stored meanwhile by another answer (a password change ends every session and answers with a new
      // one) is a live session: the refusal was of the pair it replaced.
      if (tokens.getRefresh() !== stored && tokens.getAccess()) return tokens.getAccess();
      tokens.clear();
      return null;
    }
  });

  const mayRefresh = (url: string) => !NO_REFRESH.test(new URL(url, 'http://x').pathname) && !deps.isLoginScreen();

  const recover: SessionAuth['recover'] = async (url, sentWith, answer, resend) => {
    if (answer.status !== 401 || !mayRefresh(url)) return answer;
    const current = tokens.getAccess();
    // Another request already refreshed while this one was in flight: reuse its token.
    // A refresh without an answer fails this request with the same error (the session stays).
    const token = current && current !== sentWith ? current : await refresh();
    if (!token) {
      deps.onAuthFailure();
      return answer;
    }
    const repeated = await resend(token);
    if (repeated.status === 401) deps.onAuthFailure();
    return repeated;
  };

  return {
    bearer: tokens.getAccess,
    refresh,
    recover,
    send: async (url, attempt) => {
      const token = tokens.getAccess();
      return recover(url, token, await attempt(token), attempt);
    },
  };
}
