'use client';

import type { MediaKind } from '@/contract/media';

/** What the switch says it shows, by kind: its name, and on a phone its shorter visible words (part of the name). */
const PARTNERS_ITEMS: Record<MediaKind, { name: string; short: string }> = {
  audio: { name: 'Показывать записи партнёров', short: 'Записи партнёров' },
  photo: { name: 'Показывать фото партнёров', short: 'Фото партнёров' },
  video: { name: 'Показывать видео партнёров', short: 'Видео партнёров' },
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
      aria-label={PARTNERS_ITEMS[kind].name}
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
      <span className="sm:hidden">{PARTNERS_ITEMS[kind].short}</span>
      <span className="max-sm:hidden">{PARTNERS_ITEMS[kind].name}</span>
    </button>
  );
}
