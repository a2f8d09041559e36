import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from './text-field';

/**
 * The 6-digit one-time code from an e-mail or SMS: digit keyboard on phones, autofill from the message. A code the
 * server refused is told in the form's alert: pass its id as `alertId`, so the field reads as invalid and is
 * described by that message (the focus goes back to the field).
 */
export const CodeField = forwardRef<HTMLInputElement, TextFieldProps>(function CodeField(props, ref) {
  return <TextField ref={ref} inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...props} />;
});
