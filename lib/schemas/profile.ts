import { z } from 'zod';
import { normalisePhone } from '@/contract/phone';
import { nameField, newPasswordField, optionalPhoneField } from './fields';
import { PASSWORDS_DIFFER, REQUIRED } from './messages';

export const profileSchema = z.object({
  first_name: nameField(),
  last_name: nameField(),
  phone: optionalPhoneField(),
  /** The current password: asked for only when the phone changes. */
  password: z.string().optional(),
});
export type ProfileValues = z.infer<typeof profileSchema>;

/** A number as the server will keep it (normalisePhone); empty for none, the trimmed text when it is not a number. */
function keptPhone(phone: string | null | undefined): string {
  const text = (phone ?? '').trim();
  return text === '' ? '' : (normalisePhone(text) ?? text);
}

/** Whether the typed phone is another number than the saved one (removing it counts as a change). */
export const phoneChanged = (typed: string, saved: string | null) => keptPhone(typed) !== keptPhone(saved);

/** The profile form for a user whose saved phone is `savedPhone`: a changed phone needs the current password. */
export const profileFormSchema = (savedPhone: string | null) =>
  profileSchema.superRefine((v, ctx) => {
    if (phoneChanged(v.phone, savedPhone) && !v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: REQUIRED });
  });

export const changePasswordSchema = z
  .object({
    old_password: z.string().min(1, REQUIRED),
    new_password: newPasswordField(),
    new_password2: z.string().min(1, REQUIRED),
  })
  .refine((v) => v.new_password === v.new_password2, { message: PASSWORDS_DIFFER, path: ['new_password2'] });
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

export const deleteAccountSchema = z.object({ password: z.string().min(1, REQUIRED) });
export type DeleteAccountValues = z.infer<typeof deleteAccountSchema>;
