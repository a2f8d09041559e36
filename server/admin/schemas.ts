import { z } from 'zod';
import {
  adminInviteSchema,
  adminJobSchema,
  adminSettingsSchema,
  adminStatusSchema,
  adminStorageSchema,
  adminUploadSchema,
  adminUserSchema,
  auditEntrySchema,
  createdInviteSchema,
  inviteCheckSchema,
  registrationModeSchema,
  registrationStatusSchema,
  storageCheckSchema,
} from '../../contract/admin.ts';
import { optionalEmailField } from '../accounts/validation.ts';
import { userWire } from '../accounts/user-json.ts';
import { BLANK, INVALID_VALUE } from '../http/validation.ts';

/** The admin routes' schemas: what each request part must be and what each answer is (every field named). */

/** A row's id in the path: a positive integer that fits the column (anything else names nothing: 404). */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .refine((id) => id <= 2_147_483_647),
});

/** An upload's id in the path (its tus id). */
export const uploadParams = z.object({ id: z.string().regex(/^[\w-]{1,64}$/) });

export const usersQuery = z.object({ search: z.string().max(254).optional() });
export const auditQuery = z.object({
  before: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, INVALID_VALUE)
    .transform(Number)
    .optional(),
});

/** A quota in bytes, or null: the server's (USER_QUOTA_BYTES) applies again. */
export const quotaBody = z.object({
  quota_bytes: z
    .number()
    .int(INVALID_VALUE)
    .positive('Квота должна быть больше нуля.')
    .max(Number.MAX_SAFE_INTEGER, INVALID_VALUE)
    .nullable(),
});
export const staffBody = z.object({ is_staff: z.boolean() });
export const inviteBody = z.object({ email: optionalEmailField() });
export const settingsBody = z.object({ registration: registrationModeSchema });
export const inviteCheckBody = z.object({ invite: z.string().min(1, BLANK).max(512) });

export const adminUserWire = z.strictObject(adminUserSchema.shape);
export const adminUsersAnswer = z.strictObject({ users: z.array(adminUserWire), default_quota_bytes: z.number().nullable() });
export const userActionAnswer = z.strictObject({ detail: z.string(), user: adminUserWire });
export const inviteWire = z.strictObject(adminInviteSchema.shape);
export const invitesAnswer = z.array(inviteWire);
export const createdInviteAnswer = z.strictObject(createdInviteSchema.shape);
export const settingsAnswer = z.strictObject(adminSettingsSchema.shape);
export const auditAnswer = z.strictObject({
  entries: z.array(z.strictObject(auditEntrySchema.shape)),
  next_before: z.number().int().nullable(),
});
export const jobWire = z.strictObject(adminJobSchema.shape);
export const jobsAnswer = z.array(jobWire);
export const storageAnswer = z.strictObject({
  ...adminStorageSchema.shape,
  uploads: z.array(z.strictObject(adminUploadSchema.shape)),
});
export const storageCheckAnswer = z.strictObject(storageCheckSchema.shape);
export const statusAnswer = z.strictObject(adminStatusSchema.shape);
export const meAnswer = userWire;
export const registrationStatusAnswer = z.strictObject(registrationStatusSchema.shape);
export const inviteCheckAnswer = z.strictObject(inviteCheckSchema.shape);
