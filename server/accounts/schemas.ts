import { z } from 'zod';
import { detailAnswerSchema } from '../../lib/contract/account.ts';
import { codeField, emailField, passwordField } from './validation.ts';

/** Request bodies of the e-mail change (unknown keys are dropped, as DRF does) and its answers. */

export const emailChangeBody = z.object({ new_email: emailField(), password: passwordField() });
export const emailChangeConfirmBody = z.object({ code: codeField() });

/** Answers. */
export const detailAnswer = z.strictObject(detailAnswerSchema.shape);
