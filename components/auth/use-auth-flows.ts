'use client';

import { useMutation } from '@tanstack/react-query';
import * as authApi from '@/lib/api/auth';
import { appStore } from '@/lib/store';
import { userAtom } from '@/lib/auth/atoms';
import { setUser } from '@/lib/auth/session';
import { getPendingEmail, readKey, STORAGE_KEYS } from '@/lib/auth/storage';
import { makeUsername, normalizePhone } from '@/lib/auth/username';
import type { RegisterValues } from '@/lib/schemas/auth';
import { trackAuthRequest } from '@/hooks/use-auth';

/**
 * The registration payload from the form: trimmed names and email, both passwords, a generated
 * username, and the phone (with a leading +) only when given.
 */
export function toRegisterPayload(values: RegisterValues, random: () => number = Math.random): authApi.RegisterPayload {
  const phone = normalizePhone(values.phone);
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    password: values.password,
    password2: values.password2,
    username: makeUsername(values.email, random),
    ...(phone ? { phone } : {}),
  };
}

/** Registration; `invite` is the token of the invitation link the page was opened with, if any. */
export function useRegister(invite?: string | null) {
  return useMutation({
    mutationFn: (values: RegisterValues) =>
      trackAuthRequest(() => authApi.register({ ...toRegisterPayload(values), ...(invite ? { invite } : {}) })),
  });
}

/** Verifying the email marks both email and phone verified on the local user. */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: ({ code, email }: { code: string; email?: string | null }) => trackAuthRequest(() => authApi.verifyEmail(code, email)),
    onSuccess: () => {
      const user = appStore.get(userAtom);
      if (user) setUser({ ...user, is_email_verified: true, is_phone_verified: true });
    },
  });
}

/** The email to resend to comes from the argument, the user, or storage; null when none is known (the screen then says 'Email не найден'). */
export function resendEmailTarget(explicit?: string | null): string | null {
  return explicit || appStore.get(userAtom)?.email || getPendingEmail() || readKey(STORAGE_KEYS.userEmail) || null;
}

export function useResendEmailCode() {
  return useMutation({ mutationFn: (email: string) => trackAuthRequest(() => authApi.resendVerificationCode(email)) });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => trackAuthRequest(() => authApi.requestPasswordReset(email)) });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ token, password, password2 }: { token: string; password: string; password2: string }) =>
      trackAuthRequest(() => authApi.confirmPasswordReset(token, password, password2)),
  });
}

export function useRequestPasswordResetCode() {
  return useMutation({ mutationFn: (phone: string) => trackAuthRequest(() => authApi.requestPasswordResetCode(phone)) });
}

export function useResetPasswordByCode() {
  return useMutation({
    mutationFn: ({ phone, code, password, password2 }: { phone: string; code: string; password: string; password2: string }) =>
      trackAuthRequest(() => authApi.confirmPasswordResetByCode(phone, code, password, password2)),
  });
}

export function useRequestPhoneLogin() {
  return useMutation({ mutationFn: (phone: string) => trackAuthRequest(() => authApi.requestPhoneLogin(phone)) });
}
