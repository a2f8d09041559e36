import { z } from 'zod';

/**
 * Error bodies, as Django REST Framework and SimpleJWT shape them. One error: `{"detail": "…"}`, with a
 * machine-readable `code` on some. Field errors: `{"field": ["…", …]}`, errors of the body as a whole
 * under `non_field_errors`; a unique-constraint refusal adds `"code": "unique"` beside its fields. Texts
 * are Russian, except the unique-constraint ones (DRF's English `user with this email already exists.`).
 * The texts are for people: a client decides what happened by `code` alone (errorCodeOf), never by
 * matching the wording.
 */

/**
 * The machine-readable codes an error body may carry in `code`, and what each says:
 * - `token_not_valid` (401 detail): the access or refresh token is malformed, expired or revoked.
 * - `not_authenticated` (401 detail): the request carried no credentials where they are needed.
 * - `email_not_verified` (403 detail): the right password, but the account's e-mail is not confirmed yet;
 *   the client offers to confirm it.
 * - `unique` (400 field errors): the value of each field named (`email`, `username`, `phone`, or
 *   `new_email` of an e-mail change) belongs to another account already.
 * - `password_required`, `wrong_password` (403 detail): a share link behind a password, asked without
 *   one or with a wrong one (SHARE_PASSWORD_CODES).
 * - `reauth_required` (403 detail «Подтвердите вход»): the action needs a sign-in or a re-confirmation
 *   (POST /api/auth/reauth/) within the last 30 minutes of this session; the client asks for one in
 *   place and repeats the action (RECENT_SIGN_IN).
 */
/** The `code` of a 403 from a share link's open endpoint: the page asks for the password, or says it was wrong. */
export const SHARE_PASSWORD_CODES = { required: 'password_required', wrong: 'wrong_password' } as const;

/** Recent sign-in ("sudo mode"): the refusal's words and code, and how long a sign-in counts as recent by default. */
export const RECENT_SIGN_IN = {
  code: 'reauth_required',
  detail: 'Подтвердите вход',
  windowMinutes: 30,
} as const;

export const ERROR_CODES = [
  'token_not_valid',
  'not_authenticated',
  'email_not_verified',
  'unique',
  SHARE_PASSWORD_CODES.required,
  SHARE_PASSWORD_CODES.wrong,
  'reauth_required',
] as const;
export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;
/** The codes by name: `ERROR_CODE.unique === 'unique'`. */
export const ERROR_CODE = errorCodeSchema.enum;

/** `detail` and, on some, a `code`: a known one, or one this client does not know yet (a newer server). */
export const detailErrorSchema = z.looseObject({ detail: z.string(), code: z.string().optional() });
export type DetailError = z.infer<typeof detailErrorSchema>;

export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/**
 * A unique-constraint refusal: DRF's field errors (`{"email": ["user with this email already exists."]}`,
 * one key per taken field) with `"code": "unique"` beside them. Typed by hand: zod infers a catchall's
 * index signature that `code`, a string, would break.
 */
export const uniqueErrorSchema = z.object({ code: z.literal(ERROR_CODE.unique) }).catchall(z.array(z.string())) as z.ZodType<UniqueError>;
export type UniqueError = { code: typeof ERROR_CODE.unique } & { [field: string]: string[] | typeof ERROR_CODE.unique };

export const errorBodySchema = z.union([detailErrorSchema, fieldErrorsSchema, uniqueErrorSchema]);
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Any error body whose `code` is one of ERROR_CODES (a field named `code`, `{"code": ["…"]}`, is none). */
export const codedErrorSchema = z.looseObject({ code: errorCodeSchema });

/** The known code of an error body, else null: what a client branches on. */
export function errorCodeOf(body: unknown): ErrorCode | null {
  const parsed = codedErrorSchema.safeParse(body);
  return parsed.success ? parsed.data.code : null;
}

/** The fields a unique-constraint refusal names (`["email", "phone"]`); empty for any other body. */
export function takenFieldsOf(body: unknown): string[] {
  const parsed = uniqueErrorSchema.safeParse(body);
  return parsed.success ? Object.keys(parsed.data).filter((key) => key !== 'code') : [];
}

/** The key of errors that belong to the body as a whole rather than to one field. */
export const NON_FIELD_ERRORS = 'non_field_errors';
