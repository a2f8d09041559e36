'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import * as authApi from '@/lib/api/auth';
import { completeSecondStep, isSecondStep } from '@/lib/api/two-factor';
import { authErrorAtom, authLoadingAtom, authStatusAtom, userAtom } from '@/lib/auth/atoms';
import { clearSession, saveSession, sessionTokenStore } from '@/lib/auth/session';
import type { LoginAnswer } from '@/lib/auth/types';
import { appStore } from '@/lib/store';

/** Each auth request turns the loading flag on and resets the error at its start. */
export async function trackAuthRequest<T>(run: () => Promise<T>, toMessage?: (e: unknown) => Promise<string>): Promise<T> {
  appStore.set(authLoadingAtom, true);
  appStore.set(authErrorAtom, null);
  try {
    return await run();
  } catch (e) {
    if (toMessage) appStore.set(authErrorAtom, await toMessage(e));
    throw e;
  } finally {
    appStore.set(authLoadingAtom, false);
  }
}

/** The session as React sees it, plus login/logout. */
export function useAuth() {
  const user = useAtomValue(userAtom);
  const status = useAtomValue(authStatusAtom);
  const loading = useAtomValue(authLoadingAtom);
  const error = useAtomValue(authErrorAtom);
  const queryClient = useQueryClient();
  const router = useRouter();

  const acceptLogin = useCallback(
    (answer: LoginAnswer) => {
      queryClient.clear();
      saveSession(answer);
    },
    [queryClient],
  );

  // With two-step sign-in on, the first step answers an mfa_token instead of a session: nothing is stored yet.
  const login = useCallback(
    async (email: string, password: string) => {
      const answer = await trackAuthRequest(() => authApi.login(email, password));
      if (!isSecondStep(answer)) acceptLogin(answer);
      return answer;
    },
    [acceptLogin],
  );

  const loginWithPhoneCode = useCallback(
    async (phone: string, code: string) => {
      const answer = await trackAuthRequest(() => authApi.verifyPhoneLogin(phone, code));
      if (!isSecondStep(answer)) acceptLogin(answer);
      return answer;
    },
    [acceptLogin],
  );

  const loginWithSecondStep = useCallback(
    async (mfaToken: string, code: string) => {
      const answer = await trackAuthRequest(() => completeSecondStep(mfaToken, code));
      acceptLogin(answer);
      return answer;
    },
    [acceptLogin],
  );

  /** POST logout (best effort: the session ends locally even if the server is unreachable). */
  const logout = useCallback(async () => {
    const refresh = sessionTokenStore.getRefresh();
    if (refresh) await authApi.logout(refresh).catch(() => undefined);
    clearSession();
    queryClient.clear();
    router.replace('/login');
  }, [queryClient, router]);

  return {
    user,
    status,
    isAuthenticated: status === 'authenticated',
    loading,
    error,
    login,
    loginWithPhoneCode,
    loginWithSecondStep,
    logout,
  };
}
