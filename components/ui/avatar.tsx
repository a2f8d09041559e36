/** Up to two initials of a name (`?` for none): what stands for a person without a photo. */
export function initialsOf(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?'
  );
}

/** A person's photo, or their initials on the accent's soft colour. Decorative: the name is said beside it. */
export function Avatar({ name, photo, className = 'h-8 w-8 text-sm' }: { name: string; photo: string | null; className?: string }) {
  return photo ? (
    <img src={photo} alt="" className={`shrink-0 rounded-full object-cover ${className}`} />
  ) : (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-full bg-accent-soft font-semibold text-accent-text ${className}`}
    >
      {initialsOf(name)}
    </span>
  );
}
