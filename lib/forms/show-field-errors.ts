import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { splitFieldErrors } from '@/lib/api/api-error';

/**
 * A refusal's messages about the form's own `fields` shown under those fields, the focus on the first of them in
 * the order given. Returns those messages, whether any was shown, and the rest of the server's words (for the
 * form's alert when no field took a message).
 */
export function showFieldErrors<V extends FieldValues, F extends Path<V>>(
  form: UseFormReturn<V>,
  data: unknown,
  fields: readonly F[],
): { fields: Partial<Record<F, string>>; rest: string | null; shown: boolean } {
  const split = splitFieldErrors(data, fields);
  const named = fields.filter((field) => split.fields[field]);
  for (const field of named) form.setError(field, { message: split.fields[field] });
  if (named[0]) form.setFocus(named[0]);
  return { ...split, shown: named.length > 0 };
}
