import { describe, expect, it } from 'vitest';
import { gapHeight, timelineGeometry, timelineLines, type TileSection } from '@/lib/media/lists/timeline-lines';

type Photo = { id: number; width: number; height: number };
let next = 1;
const photos = (n: number, width = 4, height = 3): Photo[] => Array.from({ length: n }, () => ({ id: next++, width, height }));
const section = (key: string, items: Photo[]): TileSection<Photo> => ({ key, heading: key, items });
const input = (sections: TileSection<Photo>[], months: { month: string; count: number; loaded: boolean }[] | null) => ({
  sections,
  months,
  geometry: timelineGeometry(1000),
  label: 'Фотографии',
  aspectOf: (p: Photo) => p.width / p.height,
  headingWidth: () => 90,
});

describe('the timeline’s lines', () => {
  it('short days of neighbouring months share a band; a placeholder stands for a month not read, and breaks the band', () => {
    const sections = [section('2026-03-02', photos(1)), section('2026-02-20', photos(2)), section('2025-11-05', photos(1))];
    const lines = timelineLines(
      input(sections, [
        { month: '2026-03', count: 1, loaded: true },
        { month: '2026-02', count: 2, loaded: true },
        { month: '2026-01', count: 40, loaded: false },
        { month: '2025-11', count: 1, loaded: true },
      ]),
    );
    expect(lines.map((l) => l.type)).toEqual(['band', 'gap', 'band']);
    expect(lines[0]).toMatchObject({ key: 'b:2026-03-02', month: '2026-03', months: ['2026-03', '2026-02'] });
    expect(lines[1]).toMatchObject({ key: 'g:2026-01', month: '2026-01' });
    // Every photo once, numbered in the order shown (ranges and ↑/↓ go by it).
    const indices = lines.flatMap((l) => (l.type === 'band' ? l.cells.flatMap((c) => c.tiles.map((t) => t.index)) : []));
    expect(indices).toEqual([0, 1, 2, 3]);
  });

  it('a full day is its heading, then its rows, each row labelled by its day', () => {
    const lines = timelineLines(input([section('2026-03-02', photos(20))], null));
    expect(lines[0]).toMatchObject({ type: 'heading', day: '2026-03-02', text: '2026-03-02' });
    const rows = lines.slice(1);
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows) expect(row).toMatchObject({ type: 'row', label: 'Фотографии: 2026-03-02' });
    expect(rows.flatMap((r) => (r.type === 'row' ? r.tiles.map((t) => t.index) : []))).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('an unheaded list (sorted by title) is rows only', () => {
    const lines = timelineLines(input([{ key: '', heading: null, items: photos(30) }], null));
    expect(new Set(lines.map((l) => l.type))).toEqual(new Set(['row']));
  });

  it('guesses a month not read yet: about a band for a few short days, about rows of days for a dense month', () => {
    const g = timelineGeometry(1000);
    expect(gapHeight({ month: '2026-02', count: 2, loaded: false }, g)).toBe(g.heading + g.target + g.gap);
    const dense = gapHeight({ month: '2026-02', count: 560, loaded: false }, g);
    expect(dense).toBeGreaterThan(28 * (g.heading + 3 * g.target));
  });
});
