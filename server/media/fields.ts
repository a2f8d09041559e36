import { z } from 'zod';
import { charCount, DESCRIPTION_MAX, TITLE_MAX } from '../../lib/contract/limits.ts';

/**
 * A text field of a media item, taken as DRF's CharField takes it: a number becomes its text, a list
 * of texts (a form field sent twice) its last one; surrounding whitespace is trimmed; null, other
 * types, NUL characters and texts over `max` characters are refused, each with its Russian message.
 */
const textField = (max: number) =>
  z
    .preprocess(
      (value) => {
        if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) return value.at(-1);
        if (typeof value === 'number' && Number.isFinite(value)) return String(value);
        return value;
      },
      z
        .string({ error: (issue) => (issue.input === null ? 'Это поле не может быть null.' : 'Некорректное значение: ожидается строка.') })
        .refine((text) => !text.includes('\0'), 'Нулевые символы недопустимы.')
        .trim()
        .refine((text) => charCount(text) <= max, `Убедитесь, что это значение содержит не более ${max} символов.`),
    )
    .optional();

/** The details every media item has; either may be left out (an edit changes what it names). */
export const mediaDetailsSchema = z.object({
  title: textField(TITLE_MAX),
  description: textField(DESCRIPTION_MAX),
});
export type MediaDetails = z.output<typeof mediaDetailsSchema>;
