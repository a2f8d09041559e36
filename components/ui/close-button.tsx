import { IconButton } from './icon-button';

/** The × that closes a dialog, the drawer or a snackbar: a 40 px target with a spoken name. */
export function CloseButton({
  label,
  onClick,
  tone = 'neutral',
  className = '',
}: {
  label: string;
  onClick: () => void;
  /** `media` on photos and video, `inverse` on a toast. */
  tone?: 'neutral' | 'media' | 'inverse';
  className?: string;
}) {
  return (
    <IconButton label={label} onClick={onClick} tone={tone} className={className} title="">
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
    </IconButton>
  );
}
