// First: zod without its `new Function` probe, which the Content-Security-Policy reports (lib/schemas/zod-config.ts).
import '@/lib/schemas/zod-config';
import { queryOptions } from '@tanstack/react-query';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { normalizeUser } from '@/lib/auth/user';
import type { LoginAnswer } from '@/lib/auth/types';
import type { Passkey } from '@/contract/sign-in-ways';
import { api } from './client';

export type { Passkey };

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

export const getPasskeys = () => api.get('auth/passkeys/', { headers: NO_CACHE }).json<Passkey[]>();
/** The options for the browser's «create a passkey», after the current password. */
export const getRegistrationOptions = (password: string) =>
  api.post('auth/passkeys/register/options/', { json: { password } }).json<PublicKeyCredentialCreationOptionsJSON>();
export const registerPasskey = (response: RegistrationResponseJSON, name?: string) =>
  api.post('auth/passkeys/register/', { json: { response, ...(name ? { name } : {}) } }).json<Passkey>();
export const renamePasskey = (id: number, name: string) => api.patch(`auth/passkeys/${id}/`, { json: { name } }).json<Passkey>();
export const removePasskey = async (id: number): Promise<void> => {
  await api.delete(`auth/passkeys/${id}/`);
};
export const getPasskeyLoginOptions = () => api.post('auth/passkeys/login/options/').json<PublicKeyCredentialRequestOptionsJSON>();
/** A passkey sign-in is both factors: it always answers tokens and the user. */
export const loginWithPasskey = async (response: AuthenticationResponseJSON): Promise<LoginAnswer> => {
  const answer = await api.post('auth/passkeys/login/', { json: { response } }).json<LoginAnswer>();
  return { ...answer, user: normalizeUser(answer.user) };
};

export const passkeyQueries = {
  all: () => ['passkeys'] as const,
  list: () => queryOptions({ queryKey: [...passkeyQueries.all(), 'list'] as const, queryFn: getPasskeys }),
};
