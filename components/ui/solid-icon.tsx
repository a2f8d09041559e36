/** The filled 20 px glyphs the controls share. */
const PATHS = {
  check: 'M16.7 5.3a1 1 0 010 1.4l-8 8a1 1 0 01-1.4 0l-4-4a1 1 0 111.4-1.4L8 12.6l7.3-7.3a1 1 0 011.4 0z',
  chevronDown: 'M5.3 7.3a1 1 0 011.4 0L10 10.6l3.3-3.3a1 1 0 111.4 1.4l-4 4a1 1 0 01-1.4 0l-4-4a1 1 0 010-1.4z',
  success: 'M10 2a8 8 0 100 16 8 8 0 000-16zm3.7 6.2l-4.5 4.5a1 1 0 01-1.4 0l-2-2a1 1 0 111.4-1.4l1.3 1.3 3.8-3.8a1 1 0 111.4 1.4z',
  error: 'M10 2a8 8 0 100 16 8 8 0 000-16zm-1 4a1 1 0 112 0v4a1 1 0 11-2 0V6zm1 9a1.25 1.25 0 110-2.5A1.25 1.25 0 0110 15z',
} as const;

/** A filled 20 px glyph in the text's colour, hidden from screen readers (what it stands by says it in words). */
export function SolidIcon({ name, className }: { name: keyof typeof PATHS; className: string }) {
  return (
    <svg viewBox="0 0 20 20" className={className} aria-hidden="true" fill="currentColor">
      <path d={PATHS[name]} />
    </svg>
  );
}
