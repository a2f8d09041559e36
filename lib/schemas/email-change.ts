import { z } from 'zod';
import { codeField, emailField } from './fields';
import { REQUIRED } from './messages';

/** A new address and the current password that authorises the change. */
export const emailChangeSchema = z.object({ new_email: emailField(), password: z.string().min(1, REQUIRED) });
export type EmailChangeValues = z.infer<typeof emailChangeSchema>;

/** The 6-digit code sent to the new address. */
export const emailChangeCodeSchema = z.object({ code: codeField() });
export type EmailChangeCodeValues = z.infer<typeof emailChangeCodeSchema>;
