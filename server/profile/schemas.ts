import { z } from 'zod';
import { detailAnswerSchema } from '../../contract/account.ts';
import { userWire } from '../accounts/user-json.ts';
import { codeField, emailField, optionalPhoneField, passwordField, requiredText } from '../accounts/validation.ts';

/** An edit: any of the names and the phone (null or blank removes it); the current password when the phone changes. */
const editBody = z.object({
  action: z.literal('edit'),
  first_name: requiredText().optional(),
  last_name: requiredText().optional(),
  /** Left out: the phone stays; null or blank: it is removed. */
  phone: optionalPhoneField().optional(),
  password: z.unknown().optional(),
});

const deletionBody = z.object({
  action: z.literal('delete'),
  is_active: z.literal(false, { error: 'Некорректное значение.' }),
  confirm_deletion: z.literal(true, { error: 'Подтвердите удаление аккаунта.' }),
  password: z.unknown().optional(),
});

/**
 * PATCH /auth/profile/ edits the profile, or asks for the account to go away: a body with
 * `is_active: false` or a `confirm_deletion` key is the second (`action: 'delete'`).
 */
export const profilePatchBody = z.preprocess(
  (body) =>
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? { ...body, action: ('is_active' in body && body.is_active === false) || 'confirm_deletion' in body ? 'delete' : 'edit' }
      : body,
  z.discriminatedUnion('action', [editBody, deletionBody]),
);

/** Answers. */
export const userAnswer = userWire;
export const patchAnswer = z.union([userWire, z.strictObject(detailAnswerSchema.shape)]);

/** Request bodies of the e-mail change (unknown keys are dropped, as DRF does) and its answers. */
export const emailChangeBody = z.object({ new_email: emailField(), password: passwordField() });
export const emailChangeConfirmBody = z.object({ code: codeField() });
export const detailAnswer = z.strictObject(detailAnswerSchema.shape);
