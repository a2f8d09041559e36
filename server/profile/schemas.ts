import { z } from 'zod';
import { optionalPhoneField, requiredText } from '../accounts/validation.ts';

export const profilePatchBody = z.object({
  first_name: requiredText().optional(),
  last_name: requiredText().optional(),
  phone: optionalPhoneField(),
  /** The current password: needed only when the phone changes. */
  password: z.unknown().optional(),
});

export const deletionBody = z.object({
  is_active: z.literal(false, { error: 'Некорректное значение.' }),
  confirm_deletion: z.literal(true, { error: 'Подтвердите удаление аккаунта.' }),
  password: z.unknown().optional(),
});

/** A PATCH that asks for the account to go away rather than for an edit. */
export const isDeletionRequest = (body: unknown) =>
  !!body &&
  typeof body === 'object' &&
  !Array.isArray(body) &&
  ((body as Record<string, unknown>).is_active === false || 'confirm_deletion' in body);
