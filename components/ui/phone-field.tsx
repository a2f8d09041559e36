import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from './text-field';

export const PHONE_PLACEHOLDER = '+7 (999) 123-45-67';

/** A phone number with the spec's +7 placeholder. */
export const PhoneField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type'>>(function PhoneField(props, ref) {
  return <TextField ref={ref} type="tel" autoComplete="tel" placeholder={PHONE_PLACEHOLDER} {...props} />;
});
