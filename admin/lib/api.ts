// First: zod without its `new Function` probe, which the Content-Security-Policy reports (lib/schemas/zod-config.ts).
import '@/lib/schemas/zod-config';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { PublicKeyCredentialRequestOptionsJSON, AuthenticationResponseJSON } from '@simplewebauthn/browser';
import type { LoginAnswer, SecondStepRequired, User } from '@/contract/account';
import type { SignInWays } from '@/contract/sign-in-ways';
import type { ReauthRequests } from '@/components/ui/reauth-dialog';
import type {
  AdminInvite,
  AdminJob,
  AdminSettings,
  AdminStatus,
  AdminStorage,
  AdminUser,
  AdminUsers,
  AuditPage,
  CreatedInvite,
  RegistrationMode,
  StorageCheck,
} from '@/contract/admin';
import { adminApi } from './client';

/** The admin area's requests: the sign-in (the app's endpoints) and /api/admin/ (staff only). */

export const signIn = (email: string, password: string) =>
  adminApi.post('auth/login/', { json: { email, password } }).json<LoginAnswer | SecondStepRequired>();
export const signInSecondStep = (mfaToken: string, code: string) =>
  adminApi.post('auth/login/2fa/', { json: { mfa_token: mfaToken, code } }).json<LoginAnswer>();
export const passkeyOptions = () => adminApi.post('auth/passkeys/login/options/').json<PublicKeyCredentialRequestOptionsJSON>();
export const signInWithPasskey = (response: AuthenticationResponseJSON) =>
  adminApi.post('auth/passkeys/login/', { json: { response } }).json<LoginAnswer>();
export const signOut = async (refresh: string) => {
  await adminApi.post('auth/logout/', { json: { refresh } });
};
/** The signed-in staff member (403 «Недостаточно прав.» for a member). */
export const getMe = () => adminApi.get('admin/me/').json<User>();
/** Who a sign-in's fresh access token belongs to, asked before the area keeps its tokens (403 for a member). */
export const getMeWith = (access: string) =>
  adminApi.get('admin/me/', { headers: { Authorization: `Bearer ${access}` }, context: { skipAuthRefresh: true } }).json<User>();

export const getUsers = (search: string) => adminApi.get('admin/users/', { searchParams: search ? { search } : {} }).json<AdminUsers>();

/** The actions on an account (POST /api/admin/users/{id}/{action}/), each answering the account as it is now. */
export type UserAction =
  'disable' | 'enable' | 'end-sessions' | 'reset-link' | 'verify-email' | 'two-factor-off' | 'passkeys-clear' | 'uploads-cancel';
export const runUserAction = (id: number, action: UserAction) =>
  adminApi.post(`admin/users/${id}/${action}/`).json<{ detail: string; user: AdminUser }>();
export const setQuota = (id: number, quotaBytes: number | null) =>
  adminApi.post(`admin/users/${id}/quota/`, { json: { quota_bytes: quotaBytes } }).json<{ detail: string; user: AdminUser }>();
export const setStaff = (id: number, isStaff: boolean) =>
  adminApi.post(`admin/users/${id}/staff/`, { json: { is_staff: isStaff } }).json<{ detail: string; user: AdminUser }>();
export const deleteUser = async (id: number) => {
  await adminApi.delete(`admin/users/${id}/`);
};

export const getInvites = () => adminApi.get('admin/invites/').json<AdminInvite[]>();
export const createInvite = (email: string | null) => adminApi.post('admin/invites/', { json: { email } }).json<CreatedInvite>();
export const revokeInvite = async (id: number) => {
  await adminApi.delete(`admin/invites/${id}/`);
};

export const getSettings = () => adminApi.get('admin/settings/').json<AdminSettings>();
export const setRegistration = (registration: RegistrationMode) =>
  adminApi.put('admin/settings/', { json: { registration } }).json<AdminSettings>();

export const getJobs = () => adminApi.get('admin/jobs/').json<AdminJob[]>();
export const retryJob = (id: number) => adminApi.post(`admin/jobs/${id}/retry/`).json<AdminJob>();

export const getStorage = () => adminApi.get('admin/storage/').json<AdminStorage>();
export const checkStorage = () => adminApi.post('admin/storage/check/').json<StorageCheck>();
export const cancelUpload = async (id: string) => {
  await adminApi.delete(`admin/uploads/${id}/`);
};

export const getStatus = () => adminApi.get('admin/status/').json<AdminStatus>();
export const getAudit = (before: number | null) =>
  adminApi.get('admin/audit/', { searchParams: before ? { before } : {} }).json<AuditPage>();

/**
 * «Подтвердите вход» on the admin area's own session: every admin change needs a recent sign-in, and the API
 * client asks for it (lib/auth/reauth) and repeats the change; the dialog (components/ui/reauth-dialog) makes
 * these requests.
 */
export const adminReauth: ReauthRequests = {
  waysKey: ['admin', 'sign-in-ways'],
  ways: () => adminApi.get('auth/oauth/links/', { headers: { 'Cache-Control': 'no-cache' } }).json<SignInWays>(),
  withPassword: (password) => adminApi.post('auth/reauth/', { json: { password } }).json(),
  passkeyOptions: () => adminApi.post('auth/reauth/passkey/options/').json<PublicKeyCredentialRequestOptionsJSON>(),
  withPasskey: (passkey) => adminApi.post('auth/reauth/', { json: { passkey } }).json(),
};

/** The query keys of the area, one factory (reused for fetching and invalidation). */
export const adminQueries = {
  all: () => ['admin'] as const,
  me: () => queryOptions({ queryKey: [...adminQueries.all(), 'me'] as const, queryFn: getMe, retry: false }),
  users: (search: string) => queryOptions({ queryKey: [...adminQueries.all(), 'users', search] as const, queryFn: () => getUsers(search) }),
  invites: () => queryOptions({ queryKey: [...adminQueries.all(), 'invites'] as const, queryFn: getInvites }),
  settings: () => queryOptions({ queryKey: [...adminQueries.all(), 'settings'] as const, queryFn: getSettings }),
  jobs: () => queryOptions({ queryKey: [...adminQueries.all(), 'jobs'] as const, queryFn: getJobs, refetchInterval: 5_000 }),
  storage: () => queryOptions({ queryKey: [...adminQueries.all(), 'storage'] as const, queryFn: getStorage }),
  status: () => queryOptions({ queryKey: [...adminQueries.all(), 'status'] as const, queryFn: getStatus }),
  audit: () =>
    infiniteQueryOptions({
      queryKey: [...adminQueries.all(), 'audit'] as const,
      queryFn: ({ pageParam }) => getAudit(pageParam),
      initialPageParam: null as number | null,
      getNextPageParam: (last) => last.next_before,
    }),
};
