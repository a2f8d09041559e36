'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { useCallback } from 'react';
import {
  getPasskeyLoginOptions,
  getRegistrationOptions,
  loginWithPasskey,
  passkeyQueries,
  registerPasskey,
  removePasskey,
  renamePasskey,
} from '@/lib/api/passkeys';
import { oauthQueries } from '@/lib/api/oauth';
import { saveSession } from '@/lib/auth/session';

/** The owner's passkeys. */
export function usePasskeys() {
  return useQuery(passkeyQueries.list());
}

/** Every change reloads the list and the profile's count of the ways in. */
function useInvalidatePasskeys() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: passkeyQueries.all() });
    await queryClient.invalidateQueries({ queryKey: oauthQueries.all() });
  };
}

/** The current password, then the browser's own «create a passkey» dialog, then the server keeps the new key. */
export function useAddPasskey() {
  const invalidate = useInvalidatePasskeys();
  return useMutation({
    mutationFn: async ({ password, name }: { password: string; name?: string }) => {
      const optionsJSON = await getRegistrationOptions(password);
      const response = await startRegistration({ optionsJSON });
      return registerPasskey(response, name);
    },
    onSuccess: invalidate,
  });
}

export function useRenamePasskey() {
  const invalidate = useInvalidatePasskeys();
  return useMutation({ mutationFn: ({ id, name }: { id: number; name: string }) => renamePasskey(id, name), onSuccess: invalidate });
}

export function useRemovePasskey() {
  const invalidate = useInvalidatePasskeys();
  return useMutation({ mutationFn: removePasskey, onSuccess: invalidate });
}

/**
 * Signing in with a passkey: fresh options (a challenge the server takes once), the browser's passkey
 * dialog — or, with `autofill`, the passkeys it offers in the e-mail field's suggestions — and the
 * session it answers (both factors: no code from the app follows).
 */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useCallback(
    async (autofill: boolean) => {
      const optionsJSON = await getPasskeyLoginOptions();
      const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
      const answer = await loginWithPasskey(response);
      queryClient.clear();
      saveSession(answer);
      return answer;
    },
    [queryClient],
  );
}
