import type { User } from './types';

export interface StartupDeps {
  getAccess(): string | null;
  fetchProfile(): Promise<User>;
  /** New access token, or null when the refresh failed. */
  refresh(): Promise<string | null>;
  setUser(user: User): void;
  clear(): void;
}

/**
 * Start-up: with a stored token fetch the profile; if that fails refresh and fetch again;
 * if that fails too, clear the tokens. Without a token the visitor is a guest.
 */
export async function runStartup(deps: StartupDeps): Promise<'authenticated' | 'guest'> {
  if (!deps.getAccess()) return 'guest';
  try {
    deps.setUser(await deps.fetchProfile());
    return 'authenticated';
  } catch {
    // fall through to the refresh
  }
  const token = await deps.refresh().catch(() => null);
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
