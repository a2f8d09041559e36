import { z } from 'zod';
import { partnerSchema } from '../../contract/household.ts';
import { emailField } from '../accounts/validation.ts';
import { booleanField } from '../media/fields.ts';

/** The partners routes' schemas: what each request part must be and what each answer is. */

/** POST /api/partners/: the account's e-mail, and whether recordings are shown too (false when left out). */
export const partnerBody = z.object({ email: emailField(), include_audio: booleanField.optional() });

/** The other account's id in the path (anything else names nobody: 404). */
export const partnerParams = z.object({
  user: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .refine((id) => id <= 2_147_483_647),
});

/** DELETE's `?direction=`: which side to end (both when not given). */
export const endQuery = z.object({
  direction: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['shared_by_me', 'shared_with_me'], { error: 'Укажите shared_by_me или shared_with_me.' }).optional(),
  ),
});

/** A partnership as the server writes it: the contract's fields, no other. */
export const partnerWire = z.strictObject({ ...partnerSchema.shape, user: z.strictObject(partnerSchema.shape.user.shape) });
export type PartnerWire = z.input<typeof partnerWire>;
