import { z } from 'zod';
import { codeField, emailField, nameField, newPasswordField, optionalPhoneField, phoneField, requiredText } from './fields';
import { PASSWORDS_DIFFER, REQUIRED } from './messages';

export const loginSchema = z.object({
  email: emailField(),
  password: z.string().min(1, REQUIRED),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const phoneLoginSchema = z.object({ phone: phoneField() });
export type PhoneLoginValues = z.infer<typeof phoneLoginSchema>;

export const codeSchema = z.object({ code: codeField() });
export type CodeValues = z.infer<typeof codeSchema>;

/** Register: names, email, password and confirmation required; phone optional; passwords equal. */
export const registerSchema = z
  .object({
    first_name: nameField(),
    last_name: nameField(),
    phone: optionalPhoneField(),
    email: emailField(),
    password: newPasswordField(),
    password2: z.string().min(1, REQUIRED),
  })
  .refine((v) => v.password === v.password2, { message: PASSWORDS_DIFFER, path: ['password2'] });
export type RegisterValues = z.infer<typeof registerSchema>;

/** Forgot password: required, email shape. */
export const forgotPasswordSchema = z.object({ email: emailField() });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

/** A new password and its confirmation: both required, at least 8 characters, equal. */
const newPasswordPair = () => ({ password: newPasswordField(), password2: z.string().min(1, REQUIRED) });
const samePasswords = (v: { password: string; password2: string }) => v.password === v.password2;

/** Reset password: required, min 8, confirmation equal. */
export const resetPasswordSchema = z.object(newPasswordPair()).refine(samePasswords, { message: PASSWORDS_DIFFER, path: ['password2'] });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

/** Reset by SMS, first step: the phone the code goes to. */
export const phoneResetRequestSchema = z.object({ phone: phoneField() });
export type PhoneResetRequestValues = z.infer<typeof phoneResetRequestSchema>;

/** Reset by SMS, second step: the code's rules (required, 6 digits) and the reset screen's password rules. */
export const phoneResetSchema = z
  .object({ code: codeField(), ...newPasswordPair() })
  .refine(samePasswords, { message: PASSWORDS_DIFFER, path: ['password2'] });
export type PhoneResetValues = z.infer<typeof phoneResetSchema>;

export { requiredText };
