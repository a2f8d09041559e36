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
  /** Staff run the server (the admin area at /admin/); members keep their files. */
  is_staff: z.boolean(),
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

/** What a password change answers: the notice and a fresh token pair (the other sessions have ended). */
export const passwordChangedSchema = tokenPairSchema.extend(detailAnswerSchema.shape);

/** What a login answers instead of tokens while the account's second step (a code from an app) is pending. */
export const secondStepRequiredSchema = z.object({ mfa_required: z.literal(true), mfa_token: z.string() });
export type SecondStepRequired = z.infer<typeof secondStepRequiredSchema>;

/** A signed-in device as the owner's list of sessions shows it. */
export const sessionSchema = z.object({
  /** Opaque; names the session when ending it. */
  id: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  /** ISO 8601. */
  created_at: z.string(),
  /** ISO 8601; the session's creation until it is first used. */
  last_used_at: z.string(),
  /** The session of the access token that asked. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;

/** What ending every other session answers: the confirmation and how many ended. */
export const othersEndedSchema = detailAnswerSchema.extend({ revoked: z.number().int() });

/** Whether two-step sign-in is on, and how many unused recovery codes are left (0 while off). */
export const twoFactorStatusSchema = z.object({ enabled: z.boolean(), recovery_codes_left: z.number().int() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** A new secret for the authenticator app: Base32 for typing by hand, and the otpauth:// URL a QR code carries. */
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** The ten single-use recovery codes, shown once when two-step sign-in is turned on. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
