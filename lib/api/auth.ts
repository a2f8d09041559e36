import { api } from './client';
import { normalizeUser } from '@/lib/auth/user';
import type { LoginAnswer } from '@/lib/auth/types';
import { isSecondStep, type SecondStepRequired } from './two-factor';
import type { InviteCheck, RegistrationStatus } from '@/contract/admin';

export interface RegisterPayload {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password2: string;
  username: string;
  phone?: string;
  /** An invitation link's token (`/register/#invite=…`). */
  invite?: string;
}

/** A login answers tokens and the user, or — with two-step sign-in on — the token of the second step. */
const withUser = (a: LoginAnswer | SecondStepRequired): LoginAnswer | SecondStepRequired =>
  isSecondStep(a) ? a : { ...a, user: normalizeUser(a.user) };

export const register = (payload: RegisterPayload) => api.post('auth/register/', { json: payload }).json<unknown>();
export const login = async (email: string, password: string) =>
  withUser(await api.post('auth/login/', { json: { email, password } }).json<LoginAnswer | SecondStepRequired>());
export const requestPhoneLogin = (phone: string) => api.post('auth/login/phone/', { json: { phone } }).json<unknown>();
export const verifyPhoneLogin = async (phone: string, code: string) =>
  withUser(await api.post('auth/login/phone/verify/', { json: { phone, code } }).json<LoginAnswer | SecondStepRequired>());
export const verifyEmail = (code: string, email?: string | null) =>
  api.post('auth/verify-email/', { json: email ? { code, email } : { code } }).json<unknown>();
export const verifyPhone = (code: string) => api.post('auth/verify-phone/', { json: { code } }).json<unknown>();
export const resendVerificationCode = (email: string) => api.post('auth/resend-verification-code/', { json: { email } }).json<unknown>();
export const resendPhoneVerificationCode = (phone: string) =>
  api.post('auth/resend-phone-verification-code/', { json: { phone } }).json<unknown>();
export const requestPasswordReset = (email: string) => api.post('auth/reset-password/', { json: { email } }).json<unknown>();
export const confirmPasswordReset = (token: string, password: string, password2: string) =>
  api.post('auth/reset-password/confirm/', { json: { token, new_password: password, new_password2: password2 } }).json<unknown>();
export const requestPasswordResetCode = (phone: string) =>
  api.post('auth/request-password-reset-code/', { json: { phone } }).json<unknown>();
export const confirmPasswordResetByCode = (phone: string, code: string, password: string, password2: string) =>
  api.post('auth/reset-password/confirm/', { json: { phone, code, new_password: password, new_password2: password2 } }).json<unknown>();
export const logout = (refresh: string) => api.post('auth/logout/', { json: { refresh } }).json<unknown>();

/** Who may sign up now (`open | invite | closed`): the register screen says so before the form is filled. */
export const getRegistrationStatus = () =>
  api.get('auth/registration/', { headers: { 'Cache-Control': 'no-cache' } }).json<RegistrationStatus>();
/** A live invitation: the address it is for (null: any); 404 when it is used, revoked or expired. */
export const checkInvite = (invite: string) => api.post('auth/registration/invite/', { json: { invite } }).json<InviteCheck>();
