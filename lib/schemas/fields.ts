import { z } from 'zod';
import { isEmail } from '@/contract/email';
import { CODE_PATTERN, NAME_MAX, PASSWORD_MIN } from '@/contract/limits';
import { normalisePhone } from '@/contract/phone';
import { CODE_SIX_DIGITS, EMAIL_INVALID, NAME_TOO_LONG, PASSWORD_TOO_SHORT, PHONE_INVALID, REQUIRED } from './messages';

export const requiredText = () => z.string().trim().min(1, REQUIRED);

/** The API's e-mail rule, checked before sending. */
export const emailField = () => z.string().trim().min(1, REQUIRED).refine(isEmail, EMAIL_INVALID);

export const nameField = () => requiredText().max(NAME_MAX, NAME_TOO_LONG);

/** A number the API accepts: the same rule (normalisePhone) decides on both sides. */
const isPhone = (value: string) => normalisePhone(value) !== null;

export const phoneField = () => z.string().trim().min(1, REQUIRED).refine(isPhone, PHONE_INVALID);

export const optionalPhoneField = () =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isPhone(v), PHONE_INVALID);

export const codeField = () => z.string().trim().min(1, REQUIRED).regex(CODE_PATTERN, CODE_SIX_DIGITS);

export const newPasswordField = () => z.string().min(1, REQUIRED).min(PASSWORD_MIN, PASSWORD_TOO_SHORT);
