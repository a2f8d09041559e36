import { queryOptions } from '@tanstack/react-query';
import { normalizeUser } from '@/lib/auth/user';
import type { User } from '@/lib/auth/types';
import { sessionTokenStore } from '@/lib/auth/session';
import { api, noAuthRefresh } from './client';
import { uploadForm } from './upload';

export const profileQueries = {
  all: () => ['profile'] as const,
  detail: () =>
    queryOptions({
      queryKey: [...profileQueries.all(), 'detail'] as const,
      queryFn: () => getProfile(),
    }),
};

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

/** GET profile/ with no-cache headers; photo_url gets its cache-busting parameter. */
export async function getProfile(opts: { skipAuthRefresh?: boolean } = {}): Promise<User> {
  const user = await api.get('auth/profile/', { headers: NO_CACHE, ...(opts.skipAuthRefresh ? noAuthRefresh : {}) }).json<User>();
  return normalizeUser(user);
}

export interface ProfileUpdate {
  first_name?: string;
  last_name?: string;
  phone?: string | null;
  /** The current password; the server asks for it when the phone changes. */
  password?: string;
}

export async function updateProfile(data: ProfileUpdate): Promise<User> {
  return normalizeUser(await api.patch('auth/profile/', { json: data }).json<User>());
}

export async function deletePhoto(): Promise<User> {
  return normalizeUser(await api.delete('auth/profile/photo/').json<User>());
}

export interface ChangePasswordInput {
  old_password: string;
  new_password: string;
  new_password2?: string;
}

export interface ChangePasswordAnswer {
  detail?: string;
  access?: string;
  refresh?: string;
}

/** new_password2 defaults to new_password. New tokens in the answer replace the stored ones. */
export async function changePassword(input: ChangePasswordInput): Promise<ChangePasswordAnswer> {
  const answer = await api
    .put('auth/change-password/', {
      json: {
        old_password: input.old_password,
        new_password: input.new_password,
        new_password2: input.new_password2 ?? input.new_password,
      },
    })
    .json<ChangePasswordAnswer>();
  if (answer && answer.access) sessionTokenStore.setTokens({ access: answer.access, refresh: answer.refresh });
  return answer ?? {};
}

/** Account deletion as contract.md fixes it: PATCH with the confirmation, password and two headers. */
export async function deleteAccount(password: string): Promise<void> {
  await api.patch('auth/profile/', {
    json: { is_active: false, confirm_deletion: true, password },
    headers: { 'X-Hard-Delete': 'true', 'X-Delete-Action': 'delete-account' },
  });
}

/**
 * POST profile/photo/ (multipart `photo` + `_t`) with upload progress, by the shared XHR upload
 * (bearer, refresh and one retry as for every request).
 */
export async function uploadPhoto(file: Blob, onProgress?: (fraction: number) => void): Promise<User> {
  const form = () => {
    const fd = new FormData();
    fd.append('photo', file, file instanceof File ? file.name : 'photo');
    fd.append('_t', String(Date.now()));
    return fd;
  };
  const user = await uploadForm<User>('auth/profile/photo/', form, {
    onProgress: onProgress && ((p) => (p.total ? onProgress(p.fraction) : undefined)),
  });
  onProgress?.(1);
  return normalizeUser(user);
}
