import { z } from 'zod';

/** The user as every accounts endpoint returns it. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** `+` and 10–15 digits (see phone.ts), or null. */
  phone: z.string().nullable(),
  /** A signed, expiring, root-relative `/media/…` path of the avatar, or null. */
  photo_url: z.string().nullable(),
  is_active: z.boolean(),
  is_email_verified: z.boolean(),
  is_phone_verified: z.boolean(),
  /** ISO 8601. */
  date_joined: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** A signed-in session's tokens: a short-lived access token and the refresh token that renews it. */
export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** What a successful login returns (by e-mail and password, or by an SMS code). */
export const loginAnswerSchema = tokenPairSchema.extend({ user: userSchema });
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** A plain confirmation: `{"detail": "<Russian text>"}`. */
export const detailAnswerSchema = z.object({ detail: z.string() });
export type DetailAnswer = z.infer<typeof detailAnswerSchema>;
