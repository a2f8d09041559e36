const TONES = {
  light: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  dark: 'text-white hover:bg-white/20',
} as const;

/** The × that closes a dialog, the drawer or a snackbar: a 40 px target with a spoken name. */
export function CloseButton({
  label,
  onClick,
  tone = 'light',
  className = '',
}: {
  label: string;
  onClick: () => void;
  /** `dark` on coloured backgrounds such as snackbars. */
  tone?: keyof typeof TONES;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md ${TONES[tone]} ${className}`}
    >
      <svg
        viewBox="0 0 24 24"
        className="h-5 w-5"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <path d="M6 6l12 12M18 6L6 18" />
      </svg>
    </button>
  );
}
