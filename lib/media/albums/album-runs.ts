import type { AlbumItem } from '@/contract/albums';
import type { MediaKind } from '@/contract/media';
import { count } from '@/contract/words';

/** Consecutive items of one kind, in the album's order. */
export interface AlbumRun<K extends MediaKind = MediaKind> {
  kind: K;
  /** The run's place in the album («audio-0»), stable while the run's first item stays first. */
  key: string;
  items: Extract<AlbumItem, { kind: K }>[];
  /** The index of the run's first item among the album's items of its kind (the rows' ↑/↓ go across runs). */
  offset: number;
}

/**
 * An album's items cut into runs of one kind, keeping the album's order: recordings read as rows, photos and
 * videos as their own tiles, and each run is drawn by its kind's own renderer.
 */
export function albumRuns(items: readonly AlbumItem[]): AlbumRun[] {
  const runs: AlbumRun[] = [];
  const seen = new Map<MediaKind, number>();
  for (const item of items) {
    const last = runs.at(-1);
    const before = seen.get(item.kind) ?? 0;
    if (last && last.kind === item.kind) last.items.push(item);
    else runs.push({ kind: item.kind, key: `${item.kind}-${item.id}`, items: [item] as never, offset: before });
    seen.set(item.kind, before + 1);
  }
  return runs;
}

/** The album's items of one kind, in order (what a kind's viewer goes through). */
export function itemsOfKind<K extends MediaKind>(items: readonly AlbumItem[], kind: K): Extract<AlbumItem, { kind: K }>[] {
  return items.filter((i): i is Extract<AlbumItem, { kind: K }> => i.kind === kind);
}

/** How many items an album holds: «1 элемент», «3 элемента», «5 элементов»; «Пусто» for none. */
export function albumCount(n: number): string {
  return n === 0 ? 'Пусто' : count(n, ['элемент', 'элемента', 'элементов']);
}
