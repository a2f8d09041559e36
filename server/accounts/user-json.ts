import type { User } from '../db/types.ts';
import { signMediaPath } from '../media/signing.ts';

/** Avatar URLs live a week; the client appends its own cache-busting parameter. */
export const AVATAR_URL_TTL_SECONDS = 7 * 24 * 3600;

export interface UserJson {
  id: number;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  photo_url: string | null;
  is_active: boolean;
  is_email_verified: boolean;
  is_phone_verified: boolean;
  date_joined: string;
}

/** The user as every accounts endpoint shows it; photo_url is a signed root-relative /media path. */
export function toUserJson(user: User, ctx: { secret: string; now: Date }): UserJson {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    phone: user.phone,
    photo_url: user.photo_key ? signMediaPath(ctx.secret, user.photo_key, ctx.now, AVATAR_URL_TTL_SECONDS) : null,
    is_active: !!user.is_active,
    is_email_verified: !!user.is_email_verified,
    is_phone_verified: !!user.is_phone_verified,
    date_joined: user.created_at,
  };
}
