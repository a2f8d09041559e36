import { normalizeUser } from '@/lib/auth/user';
import type { User } from '@/lib/auth/types';
import { api } from './client';

/** Sends a code to the new address; the account keeps its old address until the code comes back. */
export const requestEmailChange = (newEmail: string, password: string) =>
  api.post('auth/change-email/', { json: { new_email: newEmail, password } }).json<{ detail?: string }>();

/** The code from the new address switches the account to it; the answer is the updated user. */
export const confirmEmailChange = async (code: string): Promise<User> =>
  normalizeUser(await api.post('auth/change-email/confirm/', { json: { code } }).json<User>());
