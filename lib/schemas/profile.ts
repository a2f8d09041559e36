import { z } from 'zod';
import { nameField, newPasswordField, optionalPhoneField } from './fields';
import { PASSWORDS_DIFFER, REQUIRED } from './messages';

export const profileSchema = z.object({
  first_name: nameField(),
  last_name: nameField(),
  phone: optionalPhoneField(),
});
export type ProfileValues = z.infer<typeof profileSchema>;

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
