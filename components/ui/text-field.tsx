import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { Field } from './field';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** See Field: a message elsewhere (the form's alert) that is about this field. */
  alertId?: string;
}

/** A labelled input with its error text; forwards the ref so react-hook-form's register() works. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, className, alertId, ...rest },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className} alertId={alertId}>
      {({ className: controlClass, ...control }) => (
        // data-autofocus: the mark a dialog looks for on a phone, where Headless UI leaves the first focus on the panel.
        <input ref={ref} {...control} className={`min-h-10 ${controlClass}`} data-autofocus={rest.autoFocus || undefined} {...rest} />
      )}
    </Field>
  );
});
