import { describe, expect, it } from 'vitest';
import { SORT_OPTIONS, searchRecords, sortRecords, visibleRecords } from '@/lib/media/lists/sort-search';
import { SPEC_SORT_LABELS } from '../../../support/sort-labels';

const records = [
  { id: 1, title: 'Банан', description: 'жёлтый фрукт', duration: 30, created_at: '2024-01-02T10:00:00Z' },
  { id: 2, title: 'апельсин', description: '', duration: 5, created_at: '2024-03-01T10:00:00Z' },
  { id: 3, title: 'Вишня', description: 'Ягода красная', duration: 120, created_at: '2023-12-31T23:59:59Z' },
  { id: 4, title: 'Лекция 10', description: null, duration: 60, created_at: '2024-02-01T00:00:00Z' },
  { id: 5, title: 'Лекция 2', description: 'про Банан', duration: 60, created_at: '2024-02-02T00:00:00Z' },
];
const ids = (xs: { id: number }[]) => xs.map((x) => x.id);

describe('audio list sorting', () => {
  it('offers the six orders with newest first by default', () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual(SPEC_SORT_LABELS);
    expect(ids(sortRecords(records))).toEqual([2, 5, 4, 1, 3]);
  });

  it('sorts by date', () => {
    expect(ids(sortRecords(records, 'newest'))).toEqual([2, 5, 4, 1, 3]);
    expect(ids(sortRecords(records, 'oldest'))).toEqual([3, 1, 4, 5, 2]);
  });

  it('sorts titles alphabetically, case-insensitively and with numbers in order', () => {
    expect(ids(sortRecords(records, 'title-asc'))).toEqual([2, 1, 3, 5, 4]);
    expect(ids(sortRecords(records, 'title-desc'))).toEqual([4, 5, 3, 1, 2]);
  });

  it('sorts by duration, ties newest first', () => {
    expect(ids(sortRecords(records, 'duration-asc'))).toEqual([2, 1, 5, 4, 3]);
    expect(ids(sortRecords(records, 'duration-desc'))).toEqual([3, 5, 4, 1, 2]);
  });

  it('does not change its input', () => {
    const copy = [...records];
    sortRecords(records, 'title-asc');
    expect(records).toEqual(copy);
  });
});

describe('audio list search', () => {
  it('matches title or description, case-insensitive', () => {
    expect(ids(searchRecords(records, 'БАНАН'))).toEqual([1, 5]);
    expect(ids(searchRecords(records, 'ягода'))).toEqual([3]);
    expect(ids(searchRecords(records, 'лекция'))).toEqual([4, 5]);
  });

  it('treats ё as е and trims the query', () => {
    expect(ids(searchRecords(records, '  желтый '))).toEqual([1]);
  });

  it('keeps everything for an empty query and nothing for no match', () => {
    expect(searchRecords(records, '   ')).toHaveLength(5);
    expect(searchRecords(records, 'нет такого')).toEqual([]);
  });

  it('search then sort', () => {
    expect(ids(visibleRecords(records, 'лекция', 'title-asc'))).toEqual([5, 4]);
  });

  it('handles 2,000 records quickly', () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({
      id: i,
      title: `Запись ${i}`,
      description: i % 2 ? 'чётная' : 'нечётная',
      duration: (i * 7919) % 600,
      created_at: new Date(1_700_000_000_000 + i * 1000).toISOString(),
    }));
    const t0 = performance.now();
    const out = visibleRecords(many, 'запись 1', 'duration-desc');
    expect(performance.now() - t0).toBeLessThan(500);
    expect(out.length).toBe(1111);
    for (let i = 1; i < out.length; i++) expect(out[i - 1]!.duration).toBeGreaterThanOrEqual(out[i]!.duration);
  });
});
