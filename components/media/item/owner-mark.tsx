import { initialsOf } from '@/components/ui/avatar';
import type { Person } from '@/contract/household';
import type { MediaRecord } from '@/contract/media';

/** A record with whose it is, where an answer mixes accounts, and who added it, in an album. */
export type OwnedRecord = Pick<MediaRecord, 'owner'> & { added_by?: Person };

/**
 * Whether the item is another account's (a partner's, or someone else's in a shared album): read-only here, so
 * its tile and row offer no edit, deletion, favourite, selection or share of their own.
 */
export const isOthers = (record: Pick<MediaRecord, 'owner'>): boolean => !!record.owner;

/**
 * Who another account's item is said to be by: «Добавил(а) Имя» in an album, the owner's name elsewhere (a
 * partner's); null for mine (the viewer's «Сведения» still say «Добавил(а): вы» in an album).
 */
export function ownerLine(record: OwnedRecord): string | null {
  if (!record.owner) return null;
  return record.added_by ? `Добавил(а) ${record.added_by.name}` : record.owner.name;
}

/**
 * The mark on a tile of another account's item: the owner's initials in a small circle in the tile's corner, the
 * name said to a screen reader and shown on hover.
 */
export function OwnerChip({ record, className = '' }: { record: OwnedRecord; className?: string }) {
  if (!record.owner) return null;
  const said = ownerLine(record) ?? record.owner.name;
  return (
    <span
      title={said}
      data-testid="owner-chip"
      className={`pointer-events-none inline-flex h-7 min-w-7 items-center justify-center rounded-full bg-slate-900/70 px-1.5 text-[11px] font-semibold text-white ring-2 ring-white/80 ${className}`}
    >
      <span aria-hidden="true">{initialsOf(record.owner.name)}</span>
      <span className="sr-only">{said}</span>
    </span>
  );
}
