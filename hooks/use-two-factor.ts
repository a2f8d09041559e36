'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { disableTwoFactor, enableTwoFactor, renewRecoveryCodes, setupTwoFactor, twoFactorQueries } from '@/lib/api/two-factor';
import { sessionQueries } from '@/lib/api/sessions';

/** Whether two-step sign-in is on, and how many recovery codes are left. */
export function useTwoFactorStatus() {
  return useQuery(twoFactorQueries.status());
}

/** A secret for the app, for the current password. */
export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}

/** Turning it on reloads the status and the list of sessions (every other one has ended). */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ password, code }: { password: string; code: string }) => enableTwoFactor(password, code),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: twoFactorQueries.all() });
      await queryClient.invalidateQueries({ queryKey: sessionQueries.all() });
    },
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ password, code }: { password: string; code: string }) => disableTwoFactor(password, code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueries.all() }),
  });
}

/** New recovery codes reload the count of those left. */
export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ password, code }: { password: string; code: string }) => renewRecoveryCodes(password, code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueries.all() }),
  });
}
