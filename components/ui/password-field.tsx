import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from './text-field';

/** A password input; `fresh` marks a new password so managers offer to generate and save it. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type'> & { fresh?: boolean }>(function PasswordField(
  { fresh = false, ...rest },
  ref,
) {
  return <TextField ref={ref} type="password" autoComplete={fresh ? 'new-password' : 'current-password'} {...rest} />;
});
