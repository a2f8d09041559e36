import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';

const TONES = {
  /** On a surface: muted until pointed at. */
  neutral: 'text-fg-muted hover:bg-surface-3 hover:text-fg',
  /** On a photo, a video or a toast: white on a translucent dark disc. */
  media: 'text-white hover:bg-white/20',
  accent: 'bg-accent text-accent-fg hover:bg-accent-hover',
  /** On a toast (the page's inverse colours). */
  inverse: 'text-inverse-fg/80 hover:bg-inverse-fg/10 hover:text-inverse-fg',
} as const;

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  /** The spoken name (and the tooltip): an icon alone says nothing to a screen reader. */
  label: string;
  tone?: keyof typeof TONES;
  /** `round` for playback and floating actions. */
  round?: boolean;
  children: ReactNode;
}

/** A 40 px (44 px on a phone: a touch screen or a narrow window) button that shows only an icon. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, tone = 'neutral', round = false, className = '', children, type = 'button', title, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      aria-label={label}
      title={title ?? label}
      className={`inline-flex h-10 w-10 shrink-0 items-center justify-center transition-colors duration-150 touch:h-11 touch:w-11 disabled:cursor-not-allowed disabled:opacity-50 ${round ? 'rounded-full' : 'rounded-lg'} ${TONES[tone]} ${className}`}
      {...rest}
    >
      {children}
    </button>
  );
});
