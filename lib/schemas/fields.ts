import { z } from 'zod';
import { CODE_SIX_DIGITS, EMAIL_INVALID, NAME_TOO_LONG, PASSWORD_MIN, PHONE_INVALID, REQUIRED } from './messages';

export const requiredText = () => z.string().trim().min(1, REQUIRED);

export const emailField = () => z.string().trim().min(1, REQUIRED).pipe(z.email(EMAIL_INVALID));

export const nameField = () => requiredText().max(150, NAME_TOO_LONG);

/** 10–15 digits, optionally with +, spaces, brackets and dashes. */
export const PHONE_PATTERN = /^\+?[\d\s()-]{10,20}$/;
const digitCount = (v: string) => v.replace(/\D/g, '').length;

export const phoneField = () =>
  z
    .string()
    .trim()
    .min(1, REQUIRED)
    .refine((v) => PHONE_PATTERN.test(v) && digitCount(v) >= 10 && digitCount(v) <= 15, PHONE_INVALID);

export const optionalPhoneField = () =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (PHONE_PATTERN.test(v) && digitCount(v) >= 10 && digitCount(v) <= 15), PHONE_INVALID);

export const codeField = () =>
  z
    .string()
    .trim()
    .min(1, REQUIRED)
    .regex(/^\d{6}$/, CODE_SIX_DIGITS);

export const newPasswordField = () => z.string().min(1, REQUIRED).min(8, PASSWORD_MIN);
