import { charCount, DESCRIPTION_MAX, TITLE_MAX } from '../../lib/contract/limits.ts';
import { fieldErrors } from '../errors.ts';

/** Text fields every media item has, with DRF's Russian messages. */

const LIMITS: Record<'title' | 'description', number> = { title: TITLE_MAX, description: DESCRIPTION_MAX };

export interface TextFields {
  title?: string;
  description?: string;
}

/**
 * Reads title/description from a parsed body (JSON, form or multipart fields). Like a DRF
 * CharField: numbers become strings, surrounding whitespace is trimmed, other types, null,
 * NUL characters and over-long values are field errors. Unknown keys are ignored.
 */
export function parseTextFields(body: Record<string, unknown>): TextFields {
  const errors: Record<string, string[]> = {};
  const out: TextFields = {};
  for (const name of ['title', 'description'] as const) {
    if (!(name in body) || body[name] === undefined) continue;
    let value: unknown = body[name];
    if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) value = value.at(-1);
    if (value === null) {
      errors[name] = ['Это поле не может быть null.'];
      continue;
    }
    if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
    if (typeof value !== 'string') {
      errors[name] = ['Некорректное значение: ожидается строка.'];
      continue;
    }
    if (value.includes('\0')) {
      errors[name] = ['Нулевые символы недопустимы.'];
      continue;
    }
    const trimmed = value.trim();
    if (charCount(trimmed) > LIMITS[name]) {
      errors[name] = [`Убедитесь, что это значение содержит не более ${LIMITS[name]} символов.`];
      continue;
    }
    out[name] = trimmed;
  }
  if (Object.keys(errors).length) throw fieldErrors(errors);
  return out;
}
