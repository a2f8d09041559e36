import { z } from 'zod';
import { charCount, DESCRIPTION_MAX, TITLE_MAX } from '../../contract/limits.ts';
import { REQUIRED } from '../http/validation.ts';

/**
 * A text field, taken as DRF's CharField takes it: a number becomes its text, a list of texts (a form
 * field sent twice) its last one; surrounding whitespace is trimmed; a missing value, null, other types,
 * NUL characters and texts over `max` characters are refused, each with its Russian message.
 */
export const textValue = (max: number) =>
  z.preprocess(
    (value) => {
      if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) return value.at(-1);
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      return value;
    },
    z
      .string({
        error: (issue) =>
          issue.input === undefined
            ? REQUIRED
            : issue.input === null
              ? 'Это поле не может быть null.'
              : 'Некорректное значение: ожидается строка.',
      })
      .refine((text) => !text.includes('\0'), 'Нулевые символы недопустимы.')
      .trim()
      .refine((text) => charCount(text) <= max, `Убедитесь, что это значение содержит не более ${max} символов.`),
  );

/** A text field of a media item (textValue) that may be left out. */
export const textField = (max: number) => textValue(max).optional();

/** The details every media item has; either may be left out (an edit changes what it names). */
export const mediaDetailsSchema = z.object({
  title: textField(TITLE_MAX),
  description: textField(DESCRIPTION_MAX),
});
export type MediaDetails = z.output<typeof mediaDetailsSchema>;

/** A yes/no value given as something else. */
export const NOT_A_BOOLEAN = 'Требуется логическое значение.';

/**
 * A yes/no field taken as DRF's BooleanField takes it: JSON true/false, 1/0, or their texts from a
 * form ("true"/"false", "1"/"0", any case; a field sent twice counts by its last value). null and
 * anything else are refused.
 */
export const booleanField = z.preprocess(
  (value: unknown) => {
    const one: unknown = Array.isArray(value) && value.length > 0 ? (value as unknown[]).at(-1) : value;
    if (one === 1 || one === 0) return one === 1;
    if (typeof one === 'string') {
      const text = one.trim().toLowerCase();
      if (text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0') return false;
    }
    return one;
  },
  z.boolean({ error: (issue) => (issue.input === null ? 'Это поле не может быть null.' : NOT_A_BOOLEAN) }),
);

/** An edit of an item: its details and whether it is a favourite, any of them left out. */
export const mediaEditSchema = mediaDetailsSchema.extend({ is_favorite: booleanField.optional() });
export type MediaEdit = z.output<typeof mediaEditSchema>;
