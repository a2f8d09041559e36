import { z } from 'zod';
import { codeField } from './fields';
import { REQUIRED } from './messages';

export const RECOVERY_CODE_INVALID = 'Резервный код состоит из 10 букв и цифр, например abcde-fgh23';
export const SECOND_STEP_CODE_INVALID = 'Введите 6 цифр из приложения или резервный код';

/** A recovery code as printed (xxxxx-xxxxx); case, spaces and the dash do not matter. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{10}$/i;
const recoveryShape = (v: string) => RECOVERY_CODE_PATTERN.test(v.replace(/[\s-]/g, ''));

/** The recovery-code field of the login's second step. */
export const recoveryCodeField = () => z.string().trim().min(1, REQUIRED).refine(recoveryShape, RECOVERY_CODE_INVALID);

/** A code from the app or a recovery code, in one field (turning two-step sign-in off). */
export const appOrRecoveryCodeField = () =>
  z
    .string()
    .trim()
    .min(1, REQUIRED)
    .refine((v) => /^\d{6}$/.test(v) || recoveryShape(v), SECOND_STEP_CODE_INVALID);

/** The login's second step with the code from the app. */
export const appCodeSchema = z.object({ code: codeField() });
/** The login's second step with a recovery code. */
export const recoveryCodeSchema = z.object({ code: recoveryCodeField() });
export type SecondStepValues = z.infer<typeof appCodeSchema>;

/** Before setting it up: the current password (every change to two-step sign-in asks for it). */
export const twoFactorPasswordSchema = z.object({ password: z.string().min(1, REQUIRED) });
export type TwoFactorPasswordValues = z.infer<typeof twoFactorPasswordSchema>;

/** Turning it on: the first code from the app (the password was given before the setup). */
export const enableTwoFactorSchema = z.object({ code: codeField() });
export type EnableTwoFactorValues = z.infer<typeof enableTwoFactorSchema>;

/** Turning it off, or new recovery codes: the current password and a code from the app (or a recovery code). */
export const disableTwoFactorSchema = z.object({ password: z.string().min(1, REQUIRED), code: appOrRecoveryCodeField() });
export type DisableTwoFactorValues = z.infer<typeof disableTwoFactorSchema>;
