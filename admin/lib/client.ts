import { createApiClient } from '@/lib/api/client';
import { adminTokens } from './session';

/**
 * The admin area's ky instance: the app's client (bearer, one shared refresh, DRF-shaped ApiError) over the
 * admin's own tokens. A session that cannot be refreshed ends here: the tokens go, and the shell shows the
 * sign-in form in place (no redirect: every admin page signs in where it stands).
 */
const client = createApiClient({
  tokens: adminTokens,
  onAuthFailure: () => adminTokens.clear(),
  // Signing in: a 401 is a wrong password, never a refresh.
  isLoginScreen: () => !adminTokens.getRefresh(),
});

export const adminApi = client.api;
