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
 * Builds the shared refresh: POSTs the stored refresh token with `post`, stores the new pair and
 * resolves to the new access token; on any failure clears the tokens and resolves to null.
 */
export function createTokenRefresher(
  tokens: TokenStore,
  post: (refresh: string) => Promise<Partial<TokenPair>>,
): () => Promise<string | null> {
  return singleFlight(async () => {
    const refresh = tokens.getRefresh();
    if (!refresh) {
      tokens.clear();
      return null;
    }
    try {
      const answer = await post(refresh);
      if (!answer.access) throw new Error('no access token in the refresh answer');
      tokens.setTokens({ access: answer.access, refresh: answer.refresh ?? refresh });
      return answer.access;
    } catch {
      tokens.clear();
      return null;
    }
  });
}
