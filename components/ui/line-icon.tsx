/**
 * An icon drawn as rounded strokes in the text's colour (a close ×, a chevron, a check). It is hidden from screen
 * readers: the button or label around it carries the name.
 */
export function LineIcon({
  d,
  className = 'h-5 w-5',
  viewBox = '0 0 24 24',
  strokeWidth = 2,
}: {
  /** The path's outline. */
  d: string;
  className?: string;
  viewBox?: string;
  strokeWidth?: number;
}) {
  return (
    <svg
      viewBox={viewBox}
      className={className}
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}
