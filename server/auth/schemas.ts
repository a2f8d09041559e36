import { z } from 'zod';
import {
  detailAnswerSchema,
  othersEndedSchema,
  recoveryCodesSchema,
  secondStepRequiredSchema,
  sessionSchema,
  tokenPairSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../../contract/account.ts';
import { PASSWORDS_DIFFER } from '../accounts/passwords.ts';
import { userWire } from '../accounts/user-json.ts';
import { USERNAME_RE } from '../accounts/username.ts';
import {
  codeField,
  emailField,
  newPasswordField,
  optionalEmailField,
  optionalPhoneField,
  passwordField,
  phoneField,
  requiredText,
} from '../accounts/validation.ts';
import { BLANK } from '../http/validation.ts';

/** Request bodies of the auth endpoints (unknown keys are dropped, as DRF does) and their answers. */

const USERNAME_INVALID = 'Имя пользователя может содержать только буквы, цифры и символы @/./+/-/_.';

export const registerBody = z
  .object({
    first_name: requiredText(),
    last_name: requiredText(),
    email: emailField(),
    password: newPasswordField(),
    password2: z.string(),
    username: z
      .string()
      .nullish()
      .transform((v) => v?.trim() || undefined)
      .pipe(z.string().regex(USERNAME_RE, USERNAME_INVALID).optional()),
    phone: optionalPhoneField(),
    /** An invitation link's token (`/register/#invite=…`), needed when registration is by invitation. */
    invite: z.string().max(512).nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.password2) ctx.addIssue({ code: 'custom', path: ['password2'], message: PASSWORDS_DIFFER });
  });

export const loginBody = z.object({ email: emailField(), password: passwordField() });
export const phoneBody = z.object({ phone: phoneField() });
export const phoneCodeBody = z.object({ phone: phoneField(), code: codeField() });
export const verifyEmailBody = z.object({ code: codeField(), email: optionalEmailField() });
/** The phone verified is always the signed-in owner's own; a phone in the body is ignored. */
export const verifyPhoneBody = z.object({ code: codeField() });
export const emailBody = z.object({ email: emailField() });
export const refreshBody = z.object({ refresh: z.string().min(1, 'Это поле не может быть пустым.').max(4096) });
export const logoutBody = z.object({ refresh: z.unknown().optional() });

const withConfirmation = <T extends { new_password: string; new_password2?: string | null }>(v: T, ctx: z.RefinementCtx) => {
  if (v.new_password2 != null && v.new_password2 !== v.new_password) {
    ctx.addIssue({ code: 'custom', path: ['new_password2'], message: PASSWORDS_DIFFER });
  }
};

const resetByTokenBody = z
  .object({
    by: z.literal('link'),
    token: z.string().min(1, 'Это поле не может быть пустым.').max(512),
    new_password: newPasswordField(),
    new_password2: z.string().nullish(),
  })
  .superRefine(withConfirmation);

const resetByCodeBody = z
  .object({
    by: z.literal('sms'),
    phone: phoneField(),
    code: codeField(),
    new_password: newPasswordField(),
    new_password2: z.string().nullish(),
  })
  .superRefine(withConfirmation);

/**
 * A reset is confirmed with the e-mail link's token or with an SMS code: a body that has `token` is the
 * first (`by: 'link'`), any other the second (`by: 'sms'`), and each is checked by its own rules.
 */
export const resetConfirmBody = z.preprocess(
  (body) => (body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...body, by: 'token' in body ? 'link' : 'sms' } : body),
  z.discriminatedUnion('by', [resetByTokenBody, resetByCodeBody]),
);

export const changePasswordBody = z
  .object({ old_password: passwordField(), new_password: newPasswordField(), new_password2: z.string().nullish() })
  .superRefine(withConfirmation);

/** A code from the app (6 digits) or a recovery code: numbers are taken as text, like DRF's CharField does. */
const secondStepCode = () =>
  z
    .union([z.string(), z.number().int().nonnegative()])
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, BLANK).max(64, 'Неверный или просроченный код'));

/** Every change to sign-in codes carries the current password (see OwnerProof in two-factor.ts). */
export const twoFactorSetupBody = z.object({ password: passwordField() });
export const twoFactorEnableBody = z.object({ password: passwordField(), code: codeField() });
export const twoFactorDisableBody = z.object({ password: passwordField(), code: secondStepCode() });
export const recoveryCodesBody = twoFactorDisableBody;
/** «Это был не я»: the token from the notice's link (its fragment, sent in the body). */
export const undoLinkBody = z.object({ token: z.string().min(1, BLANK).max(512) });
export const loginSecondStepBody = z.object({ mfa_token: z.string().min(1, BLANK).max(256), code: secondStepCode() });

/** A session is named by its id; a longer one names none (404). */
export const sessionParams = z.object({ id: z.string().min(1).max(64) });

/** Answers. */
export const detailAnswer = z.strictObject(detailAnswerSchema.shape);
export const tokenPairAnswer = z.strictObject(tokenPairSchema.shape);
export const loginAnswer = z.strictObject({ ...tokenPairSchema.shape, user: userWire });
export const registeredAnswer = z.strictObject({ ...userWire.shape, ...detailAnswerSchema.shape });
export const passwordChangedAnswer = z.strictObject({ ...detailAnswerSchema.shape, ...tokenPairSchema.shape });
export const emptyAnswer = z.strictObject({});
/** A login's answer: the tokens and the user, or the second step's token when a code from the app is still needed. */
export const signInAnswerSchema = z.union([loginAnswer, z.strictObject(secondStepRequiredSchema.shape)]);
export const sessionsAnswer = z.array(z.strictObject(sessionSchema.shape));
export const othersEndedAnswer = z.strictObject(othersEndedSchema.shape);
export const twoFactorStatusAnswer = z.strictObject(twoFactorStatusSchema.shape);
export const twoFactorSetupAnswer = z.strictObject(twoFactorSetupSchema.shape);
export const recoveryCodesAnswer = z.strictObject(recoveryCodesSchema.shape);
