import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from './text-field';

/** The 6-digit one-time code from an e-mail or SMS: digit keyboard on phones, autofill from the message. */
export const CodeField = forwardRef<HTMLInputElement, TextFieldProps>(function CodeField(props, ref) {
  return <TextField ref={ref} inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...props} />;
});
