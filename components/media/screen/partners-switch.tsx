'use client';

import type { MediaKind } from '@/contract/media';

/** What the switch says it shows, by kind. */
const PARTNERS_ITEMS: Record<MediaKind, string> = {
  audio: 'Показывать записи партнёров',
  photo: 'Показывать фото партнёров',
  video: 'Показывать видео партнёров',
};

const SWITCH =
  'inline-flex min-h-10 items-center gap-2 rounded-lg bg-surface-2 px-3 text-sm font-medium text-fg-muted transition-colors hover:text-fg pointer-coarse:min-h-11 aria-checked:text-accent-text';

/**
 * The switch above a list that shows or hides the partners' items beside mine (kept in this browser), with who
 * they are. Shown only where someone shows me theirs of the kind.
 */
export function PartnersSwitch({
  kind,
  shown,
  names,
  onChange,
}: {
  kind: MediaKind;
  shown: boolean;
  names: readonly string[];
  onChange: (shown: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={shown}
      title={names.join(', ')}
      className={SWITCH}
      onClick={() => onChange(!shown)}
      data-testid="partners-switch"
    >
      <span
        aria-hidden="true"
        className={`relative inline-block h-5 w-9 shrink-0 rounded-full transition-colors ${shown ? 'bg-accent' : 'bg-line-strong'}`}
      >
        <span
          className={`absolute left-0 top-0.5 h-4 w-4 rounded-full bg-white shadow transition-transform ${shown ? 'translate-x-4' : 'translate-x-0.5'}`}
        />
      </span>
      {PARTNERS_ITEMS[kind]}
    </button>
  );
}
