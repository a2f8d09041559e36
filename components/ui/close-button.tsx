import { IconButton } from './icon-button';
import { LineIcon } from './line-icon';

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
      <LineIcon d="M6 6l12 12M18 6L6 18" />
    </IconButton>
  );
}
