'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { completeProviderSignIn, confirmProviderLink, oauthQueries, unlinkProvider } from '@/lib/api/oauth';
import { isSecondStep } from '@/lib/api/two-factor';
import { isLinkRequired } from '@/lib/api/oauth';
import { saveSession } from '@/lib/auth/session';

/** Which sign-in providers the operator switched on. */
export function useSignInProviders() {
  return useQuery(oauthQueries.providers());
}

/** The owner's linked providers, whether a password is set, and how many passkeys. */
export function useSignInWays() {
  return useQuery(oauthQueries.ways());
}

export function useUnlinkProvider() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unlinkProvider, onSuccess: () => queryClient.invalidateQueries({ queryKey: oauthQueries.all() }) });
}

/** A provider's return and the link after the password: a session is stored as soon as one is answered. */
export function useProviderSignIn() {
  const queryClient = useQueryClient();
  const accept = useCallback(
    <T>(answer: T): T => {
      if (!isSecondStep(answer) && !isLinkRequired(answer)) {
        queryClient.clear();
        saveSession(answer as Parameters<typeof saveSession>[0]);
      }
      return answer;
    },
    [queryClient],
  );
  return {
    complete: useCallback(
      async (body: Parameters<typeof completeProviderSignIn>[0]) => accept(await completeProviderSignIn(body)),
      [accept],
    ),
    link: useCallback(async (linkToken: string, password: string) => accept(await confirmProviderLink(linkToken, password)), [accept]),
  };
}
