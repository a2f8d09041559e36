import { z } from 'zod';
import { BLANK } from '../http/validation.ts';
import { isEmail, normaliseEmail } from '../../contract/email.ts';
import { CODE_PATTERN, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../../contract/limits.ts';
import { normalisePhone } from '../../contract/phone.ts';
import { PHONE_INVALID } from './phone.ts';
import { PASSWORD_TOO_SHORT } from './passwords.ts';

export const EMAIL_INVALID = 'Введите корректный email';

/** A required text field: must be a string, not blank. Trims. */
export const requiredText = (max = NAME_MAX) =>
  z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().min(1, BLANK).max(max, `Не более ${max} символов.`));

export const emailField = () => z.string().transform(normaliseEmail).pipe(z.string().min(1, BLANK).refine(isEmail, EMAIL_INVALID));

/** A password that is being set: at least 8 characters. Not trimmed. */
export const newPasswordField = () =>
  z.string().min(1, BLANK).min(PASSWORD_MIN, PASSWORD_TOO_SHORT).max(PASSWORD_MAX, 'Слишком длинный пароль.');

/** A password being checked: any non-empty string. */
export const passwordField = () => z.string().min(1, BLANK).max(PASSWORD_MAX, 'Слишком длинный пароль.');

/** Phone in any common writing → `+digits`, else the spec's message. */
export const phoneField = () =>
  z.string().transform((s, ctx) => {
    const p = normalisePhone(s);
    if (!p) {
      ctx.addIssue({ code: 'custom', message: PHONE_INVALID });
      return z.NEVER;
    }
    return p;
  });

/** A 6-digit code; numbers are accepted like DRF's CharField does. */
export const codeField = () =>
  z
    .union([z.string(), z.number().int().nonnegative()])
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, BLANK).regex(CODE_PATTERN, 'Код должен состоять из 6 цифр'));

/** Optional phone: absent, null or blank → null; otherwise normalised or the spec's message. */
export const optionalPhoneField = () =>
  z
    .string()
    .nullish()
    .transform((v, ctx) => {
      if (v == null || v.trim() === '') return null;
      const p = normalisePhone(v);
      if (!p) {
        ctx.addIssue({ code: 'custom', message: PHONE_INVALID });
        return z.NEVER;
      }
      return p;
    });

/** Optional e-mail: absent, null or blank → null. */
export const optionalEmailField = () =>
  z
    .string()
    .nullish()
    .transform((v, ctx) => {
      const s = normaliseEmail(v ?? '');
      if (!s) return null;
      if (!isEmail(s)) {
        ctx.addIssue({ code: 'custom', message: EMAIL_INVALID });
        return z.NEVER;
      }
      return s;
    });
