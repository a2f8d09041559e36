/** The play triangle, or the pause bars while playing: 24 px, filled, hidden from screen readers (the button says it). */
export function PlayPauseIcon({ playing, className = 'h-5 w-5' }: { playing: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" fill="currentColor">
      {playing ? (
        <>
          <rect x="6" y="5" width="4" height="14" rx="1" />
          <rect x="14" y="5" width="4" height="14" rx="1" />
        </>
      ) : (
        <path d="M8 5v14l11-7z" />
      )}
    </svg>
  );
}
