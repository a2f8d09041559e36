'use client';

import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';
import { BUTTON_BASE, BUTTON_SIZES, BUTTON_VARIANTS, type ButtonSize, type ButtonVariant } from './button-styles';

export type { ButtonVariant };
import { Spinner } from './spinner';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** While true the button is disabled and shows a spinner (the request is being sent). */
  loading?: boolean;
  fullWidth?: boolean;
}

/** The classes without their `disabled:` looks. */
const readyLooks = (classes: string) =>
  classes
    .split(' ')
    .filter((c) => !c.startsWith('disabled:'))
    .join(' ');

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', loading = false, fullWidth = false, disabled, className = '', children, type = 'button', ...rest },
  ref,
) {
  // A form drawn into the exported page (the guest's forms) can be seen before its code runs; until then its
  // submit button waits, so the browser never sends the form itself (as a GET, with the password in the address),
  // and so does a button whose press only code can answer: a press then would do nothing at all.
  const hydrated = useHydrated();
  const waiting = !hydrated && (type === 'submit' || rest.onClick !== undefined);
  // Waiting only for the code (it comes at the first touch or after 3 s), the button looks ready: it is, a moment later.
  const looks = waiting && !disabled && !loading ? readyLooks : (classes: string) => classes;
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || loading || waiting}
      aria-busy={loading || undefined}
      className={`${looks(BUTTON_BASE)} ${BUTTON_SIZES[size]} ${looks(BUTTON_VARIANTS[variant])} ${fullWidth ? 'w-full' : ''} ${className}`}
      {...rest}
    >
      {loading ? <Spinner /> : null}
      {children}
    </button>
  );
});
