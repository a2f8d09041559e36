import { queryOptions } from '@tanstack/react-query';
import { normalizeUser } from '@/lib/auth/user';
import type { LoginAnswer } from '@/lib/auth/types';
import type { RecoveryCodes, SecondStepRequired, TwoFactorSetup, TwoFactorStatus } from '@/contract/account';
import { api } from './client';

/**
 * What a login answers instead of tokens when the account has two-step sign-in on, the status and the
 * setup of it: the shared contract's schemas, so both halves agree on them.
 */
export type { SecondStepRequired, TwoFactorSetup, TwoFactorStatus };

export const isSecondStep = (answer: unknown): answer is SecondStepRequired =>
  !!answer && typeof answer === 'object' && (answer as { mfa_required?: unknown }).mfa_required === true;

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

export const getTwoFactorStatus = () => api.get('auth/2fa/', { headers: NO_CACHE }).json<TwoFactorStatus>();
/** Every change to two-step sign-in carries the current password: a session's token alone changes nothing. */
export const setupTwoFactor = (password: string) => api.post('auth/2fa/setup/', { json: { password } }).json<TwoFactorSetup>();
export const enableTwoFactor = (password: string, code: string) =>
  api.post('auth/2fa/enable/', { json: { password, code } }).json<RecoveryCodes>();
export const disableTwoFactor = (password: string, code: string) =>
  api.post('auth/2fa/disable/', { json: { password, code } }).json<{ detail?: string }>();
/** Ten new recovery codes in place of the old ones. */
export const renewRecoveryCodes = (password: string, code: string) =>
  api.post('auth/2fa/recovery-codes/', { json: { password, code } }).json<RecoveryCodes>();

/** The login's second step: the mfa_token from the first and a code from the app or a recovery code. */
export const completeSecondStep = async (mfaToken: string, code: string): Promise<LoginAnswer> => {
  const answer = await api.post('auth/login/2fa/', { json: { mfa_token: mfaToken, code } }).json<LoginAnswer>();
  return { ...answer, user: normalizeUser(answer.user) };
};

export const twoFactorQueries = {
  all: () => ['two-factor'] as const,
  status: () => queryOptions({ queryKey: [...twoFactorQueries.all(), 'status'] as const, queryFn: getTwoFactorStatus }),
};
