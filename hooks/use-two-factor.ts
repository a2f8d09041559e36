'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor, twoFactorQueries } from '@/lib/api/two-factor';

/** Whether two-step sign-in is on, and how many recovery codes are left. */
export function useTwoFactorStatus() {
  return useQuery(twoFactorQueries.status());
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}

/** Turning it on or off reloads the status. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueries.all() }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ password, code }: { password: string; code: string }) => disableTwoFactor(password, code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueries.all() }),
  });
}
