import type { User } from './types';

export interface StartupDeps {
  getAccess(): string | null;
  fetchProfile(): Promise<User>;
  /** New access token, or null when the refresh failed. */
  refresh(): Promise<string | null>;
  setUser(user: User): void;
  clear(): void;
  /**
   * True when the profile request got no answer because there is no network: the stored session is
   * kept (a refresh now would fail and end it) and the app works offline until the network returns.
   */
  unreachable?(error: unknown): boolean;
}

/**
 * Start-up: with a stored token fetch the profile; if that fails refresh and fetch again;
 * if that fails too, clear the tokens. Without a token the visitor is a guest. With no network the
 * stored session stands as it is, with the profile unknown until the network returns.
 */
export async function runStartup(deps: StartupDeps): Promise<'authenticated' | 'guest'> {
  if (!deps.getAccess()) return 'guest';
  try {
    deps.setUser(await deps.fetchProfile());
    return 'authenticated';
  } catch (error) {
    if (deps.unreachable?.(error)) return 'authenticated';
    // fall through to the refresh
  }
  let token: string | null;
  try {
    token = await deps.refresh();
  } catch (error) {
    // The refresh got no answer: the session is not over, as with a profile request that got none.
    if (deps.unreachable?.(error)) return 'authenticated';
    token = null;
  }
  if (token) {
    try {
      deps.setUser(await deps.fetchProfile());
      return 'authenticated';
    } catch {
      // fall through
    }
  }
  deps.clear();
  return 'guest';
}
