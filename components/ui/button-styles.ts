/** The buttons' looks, apart from the Button component so that links (and server-drawn pages) can wear them too. */

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md';

/** The accent only on the one primary action; everything else is neutral (tonal), danger only where data goes. */
export const BUTTON_VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-accent-fg hover:bg-accent-hover disabled:bg-accent/55',
  secondary: 'border border-line bg-surface-2 text-fg hover:bg-surface-3 disabled:text-fg-subtle',
  danger: 'bg-danger text-danger-fg hover:bg-danger-hover disabled:bg-danger/55',
  ghost: 'bg-transparent text-accent-text hover:bg-accent-soft disabled:text-fg-subtle',
};

export const BUTTON_SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 text-sm touch:min-h-11',
  md: 'min-h-10 px-4 text-sm touch:min-h-11',
};

/** The frame every button-like control shares (links styled as buttons use it too). */
export const BUTTON_BASE =
  'inline-flex items-center justify-center gap-2 rounded-lg py-2 font-medium transition-colors duration-150 disabled:cursor-not-allowed';

/** A link that looks like a button (the home's «Войти», the 404's «На главную»). */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  return `${BUTTON_BASE} ${BUTTON_SIZES[size]} ${BUTTON_VARIANTS[variant]}`;
}
