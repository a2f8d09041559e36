import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { Field } from './field';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled multi-line field, the <textarea> sibling of TextField. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, id, className, rows = 3, ...rest },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <textarea ref={ref} rows={rows} {...control} {...rest} />}
    </Field>
  );
});
