// First: zod without its `new Function` probe, which the Content-Security-Policy reports (lib/schemas/zod-config.ts).
import '@/lib/schemas/zod-config';
import { queryOptions } from '@tanstack/react-query';
import { normalizeUser } from '@/lib/auth/user';
import type { LoginAnswer } from '@/lib/auth/types';
import type { LinkRequired, ProviderId, ProvidersAvailable, SignInWays } from '@/contract/sign-in-ways';
import { api } from './client';
import { isSecondStep, type SecondStepRequired } from './two-factor';

export type { LinkRequired, ProviderId, ProvidersAvailable, SignInWays };

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

/** Where a provider's button sends the browser: the server starts the sign-in and redirects to the provider. */
export const providerStartUrl = (provider: ProviderId) => `/api/auth/oauth/${provider}/start/`;

export const isLinkRequired = (answer: unknown): answer is LinkRequired =>
  !!answer && typeof answer === 'object' && (answer as { link_required?: unknown }).link_required === true;

type SignInAnswer = LoginAnswer | SecondStepRequired;
function withUser<T extends SignInAnswer | LinkRequired>(a: T): T {
  if (isSecondStep(a) || isLinkRequired(a)) return a;
  const signedIn: LoginAnswer = a;
  return { ...signedIn, user: normalizeUser(signedIn.user) } as T;
}

export const getProviders = () => api.get('auth/oauth/providers/').json<ProvidersAvailable>();

/** The provider's return (from the callback page's address) in the browser that started the sign-in. */
export const completeProviderSignIn = async (body: { code: string; state: string; device_id?: string }) =>
  withUser(await api.post('auth/oauth/callback/', { json: body }).json<SignInAnswer | LinkRequired>());

/** The password of the account the provider's e-mail named: links the provider and signs in. */
export const confirmProviderLink = async (linkToken: string, password: string) =>
  withUser(await api.post('auth/oauth/link/', { json: { link_token: linkToken, password } }).json<SignInAnswer>());

export const getSignInWays = () => api.get('auth/oauth/links/', { headers: NO_CACHE }).json<SignInWays>();
export const unlinkProvider = async (provider: ProviderId): Promise<void> => {
  await api.delete(`auth/oauth/links/${provider}/`);
};

export const oauthQueries = {
  all: () => ['oauth'] as const,
  providers: () => queryOptions({ queryKey: [...oauthQueries.all(), 'providers'] as const, queryFn: getProviders, staleTime: 5 * 60_000 }),
  ways: () => queryOptions({ queryKey: [...oauthQueries.all(), 'ways'] as const, queryFn: getSignInWays }),
};
