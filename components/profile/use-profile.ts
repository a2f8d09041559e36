'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import * as authApi from '@/lib/api/auth';
import * as profileApi from '@/lib/api/profile';
import { profileQueries } from '@/lib/api/profile';
import { setUser } from '@/lib/auth/session';
import type { User } from '@/lib/auth/types';
import { appStore } from '@/lib/store';
import { userAtom } from '@/lib/auth/atoms';

/** The profile is refetched 1 s after a photo upload or delete. */
export const PHOTO_REFETCH_DELAY_MS = 1_000;

/** The profile from the server; keeps the session's user atom in step. */
export function useProfile() {
  const query = useQuery(profileQueries.detail());
  useEffect(() => {
    if (query.data) setUser(query.data);
  }, [query.data]);
  return query;
}

function useStoreUser() {
  const queryClient = useQueryClient();
  return (user: User) => {
    queryClient.setQueryData(profileQueries.detail().queryKey, user);
    setUser(user);
  };
}

/** Compares what was asked with what the server answered (ignoring phone formatting). */
export function profileDiffers(sent: profileApi.ProfileUpdate, got: User): boolean {
  const norm = (v: string | null | undefined) => (v ?? '').replace(/[\s()\-+]/g, '');
  return (
    (sent.first_name !== undefined && sent.first_name !== got.first_name) ||
    (sent.last_name !== undefined && sent.last_name !== got.last_name) ||
    (sent.phone !== undefined && norm(sent.phone) !== norm(got.phone))
  );
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const store = useStoreUser();
  return useMutation({
    mutationFn: profileApi.updateProfile,
    onSuccess: async (user, sent) => {
      store(user);
      // If the answer differs from what was sent, the profile is refetched.
      if (profileDiffers(sent, user)) await queryClient.invalidateQueries({ queryKey: profileQueries.all() });
    },
  });
}

function useDelayedProfileRefetch() {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: profileQueries.all() });
    }, PHOTO_REFETCH_DELAY_MS);
  };
}

export function useUploadPhoto() {
  const store = useStoreUser();
  const refetchLater = useDelayedProfileRefetch();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (f: number) => void }) => profileApi.uploadPhoto(file, onProgress),
    onSuccess: (user) => {
      store(user);
      refetchLater();
    },
  });
}

export function useDeletePhoto() {
  const store = useStoreUser();
  const refetchLater = useDelayedProfileRefetch();
  return useMutation({
    mutationFn: profileApi.deletePhoto,
    onSuccess: (user) => {
      store(user);
      refetchLater();
    },
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: profileApi.changePassword });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: profileApi.deleteAccount });
}

/** Verifying the phone marks only the phone verified on the local user. */
export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => authApi.verifyPhone(code),
    onSuccess: async () => {
      const user = appStore.get(userAtom);
      if (user) {
        const next = { ...user, is_phone_verified: true };
        setUser(next);
        queryClient.setQueryData(profileQueries.detail().queryKey, next);
      }
      await queryClient.invalidateQueries({ queryKey: profileQueries.all() });
    },
  });
}

export function useResendPhoneCode() {
  return useMutation({ mutationFn: (phone: string) => authApi.resendPhoneVerificationCode(phone) });
}
