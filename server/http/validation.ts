import { z } from 'zod';
import { NON_FIELD_ERRORS, type FieldErrors } from '../../contract/errors.ts';
import { ApiError } from './errors.ts';

/**
 * Input checked by zod schemas, refused the way Django REST Framework refuses it: `{field: [message]}`
 * with Russian texts. The route schemas go through here (schema-compilers.ts), and so do the fields of
 * a streamed upload, which no route schema can see.
 */

export const REQUIRED = 'Обязательное поле.';
export const BLANK = 'Это поле не может быть пустым.';
export const INVALID_VALUE = 'Некорректное значение.';
export const TOO_LONG = 'Слишком длинное значение.';
export const NOT_AN_OBJECT = 'Некорректные данные. Ожидался объект.';

/** Messages for issues a schema did not word itself: DRF's "required" vs "wrong value", in Russian. */
const errorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_union')) return REQUIRED;
  if (issue.code === 'too_big') return TOO_LONG;
  return INVALID_VALUE;
};

/** A zod error → `{field: [message]}`: the first message of each field; issues of the whole input under non_field_errors. */
function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : NON_FIELD_ERRORS;
    errors[field] ??= [issue.message];
  }
  return errors;
}

/** Parses `input` with `schema`, or throws the 400 with field errors. */
export function parseFields<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { error: errorMap, reportInput: true });
  if (!result.success) throw new ApiError(400, fieldErrorsOf(result.error));
  return result.data;
}

/**
 * Parses a request body (JSON, a form, or multipart fields) as DRF does: anything but an object is
 * refused as a whole; unknown keys are dropped; each field's first problem is reported.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, { [NON_FIELD_ERRORS]: [NOT_AN_OBJECT] });
  return parseFields(schema, body);
}
