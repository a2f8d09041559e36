import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from './text-field';

/**
 * A code typed as letters and digits (a recovery code, or one from the app in the same field): no capital letter or
 * spelling fix forced on it; offered from the one-time codes a password manager keeps unless `autoComplete` says
 * otherwise.
 */
export const RecoveryCodeField = forwardRef<HTMLInputElement, TextFieldProps>(function RecoveryCodeField(props, ref) {
  return <TextField ref={ref} autoComplete="one-time-code" autoCapitalize="off" spellCheck={false} {...props} />;
});
