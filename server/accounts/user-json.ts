import { z } from 'zod';
import { userSchema, type User } from '../../contract/account.ts';
import type { User as UserRow } from '../db/types.ts';

/** Avatar URLs live a week; the client appends its own cache-busting parameter. */
export const AVATAR_URL_TTL_SECONDS = 7 * 24 * 3600;

/** The user as every accounts endpoint shows it (contract/account.ts). */
export type UserJson = User;

/** Signs a stored key as a root-relative /media path that lives `ttlSeconds` (the composition gives media's signer). */
export type SignMediaPath = (key: string, now: Date, ttlSeconds: number) => string;

/** photo_url is a signed root-relative /media path. */
export function toUserJson(user: UserRow, ctx: { sign: SignMediaPath; now: Date }): UserJson {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    phone: user.phone,
    photo_url: user.photo_key ? ctx.sign(user.photo_key, ctx.now, AVATAR_URL_TTL_SECONDS) : null,
    is_active: !!user.is_active,
    is_email_verified: !!user.is_email_verified,
    is_phone_verified: !!user.is_phone_verified,
    date_joined: user.created_at,
    is_staff: !!user.is_staff,
  };
}

/** Answers are written with this schema: every field of the user, and no other. */
export const userWire = z.strictObject(userSchema.shape);
