import { describe, expect, it } from 'vitest';
import type { AlbumItem } from '@/contract/albums';
import { albumCount, albumRuns, itemsOfKind } from '@/lib/media/albums/album-runs';

const item = (kind: AlbumItem['kind'], id: number) => ({ kind, id }) as unknown as AlbumItem;

describe('an album cut into runs of one kind', () => {
  it('keeps the album order, groups neighbours of one kind, and counts each run’s place among its kind', () => {
    const runs = albumRuns([item('photo', 1), item('photo', 2), item('audio', 3), item('photo', 4), item('audio', 5), item('audio', 6)]);
    expect(runs.map((r) => [r.kind, r.key, r.items.map((i) => i.id), r.offset])).toEqual([
      ['photo', 'photo-1', [1, 2], 0],
      ['audio', 'audio-3', [3], 0],
      ['photo', 'photo-4', [4], 2],
      ['audio', 'audio-5', [5, 6], 1],
    ]);
  });

  it('has no runs for an empty album, and one kind’s items in order for its viewer', () => {
    expect(albumRuns([])).toEqual([]);
    const items = [item('video', 7), item('photo', 8), item('video', 9)];
    expect(itemsOfKind(items, 'video').map((i) => i.id)).toEqual([7, 9]);
  });

  it('says how many items it holds in Russian (a no-break space between number and word)', () => {
    expect([0, 1, 3, 5, 11, 21, 22].map((n) => albumCount(n).replace('\u00a0', ' '))).toEqual([
      'Пусто',
      '1 элемент',
      '3 элемента',
      '5 элементов',
      '11 элементов',
      '21 элемент',
      '22 элемента',
    ]);
  });
});
