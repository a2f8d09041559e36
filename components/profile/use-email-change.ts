'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmEmailChange, requestEmailChange } from '@/lib/api/email-change';
import { profileQueries } from '@/lib/api/profile';
import { setUser } from '@/lib/auth/session';

export function useRequestEmailChange() {
  return useMutation({
    mutationFn: ({ newEmail, password }: { newEmail: string; password: string }) => requestEmailChange(newEmail, password),
  });
}

/** A confirmed change puts the new address everywhere the user is shown (profile query and session). */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: (user) => {
      queryClient.setQueryData(profileQueries.detail().queryKey, user);
      setUser(user);
    },
  });
}
