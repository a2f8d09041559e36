import { queryOptions } from '@tanstack/react-query';
import { normalizeUser } from '@/lib/auth/user';
import type { User } from '@/lib/auth/types';
import { sessionTokenStore } from '@/lib/auth/session';
import { ApiError } from './api-error';
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

/**
 * The last profile the server sent and its ETag. The profile is `no-store` (the browser keeps no copy of it) and
 * asked for with no-cache headers, so the browser never revalidates it itself: the client sends the ETag it
 * remembers as If-None-Match, and a 304 means the profile is still this one (server/http/revalidate.ts).
 */
let remembered: { etag: string; user: User } | null = null;

/** GET profile/ with no-cache headers (and If-None-Match, when one is remembered); photo_url gets its cache-busting parameter. */
export async function getProfile(opts: { skipAuthRefresh?: boolean } = {}): Promise<User> {
  const known = remembered;
  const headers = known ? { ...NO_CACHE, 'If-None-Match': known.etag } : NO_CACHE;
  try {
    const response = await api.get('auth/profile/', { headers, ...(opts.skipAuthRefresh ? noAuthRefresh : {}) });
    const user = await response.json<User>();
    const etag = response.headers.get('ETag');
    remembered = etag ? { etag, user } : null;
    return normalizeUser(user);
  } catch (error) {
    if (known && error instanceof ApiError && error.status === 304) return normalizeUser(known.user);
    throw error;
  }
}

/** Forgets the remembered profile (tests; a sign-out needs not: another user's answer has another ETag). */
export function forgetProfile(): void {
  remembered = null;
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
