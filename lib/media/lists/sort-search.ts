/**
 * Sorting and searching the audio list. Pure, so 2,000 records
 * sort in a few ms and the orders are unit-tested.
 */

import { lazily } from '@/lib/lazily';

export type SortOrder = 'newest' | 'oldest' | 'title-asc' | 'title-desc' | 'duration-asc' | 'duration-desc';

export const SORT_OPTIONS: ReadonlyArray<{ value: SortOrder; label: string }> = [
  { value: 'newest', label: 'Сначала новые' },
  { value: 'oldest', label: 'Сначала старые' },
  { value: 'title-asc', label: 'Название А–Я' },
  { value: 'title-desc', label: 'Название Я–А' },
  { value: 'duration-asc', label: 'Длительность ↑' },
  { value: 'duration-desc', label: 'Длительность ↓' },
];

export const DEFAULT_SORT: SortOrder = 'newest';

export interface Sortable {
  id: number | string;
  title?: string | null;
  description?: string | null;
  duration?: number | null;
  created_at?: string | null;
}

const collator = lazily(() => new Intl.Collator('ru', { sensitivity: 'base', numeric: true }));

const time = (iso: string | null | undefined) => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? 0 : t;
};
const dur = (d: number | null | undefined) => (typeof d === 'number' && Number.isFinite(d) ? d : 0);

/** Newest first, then by id descending — the tie-breaker every order falls back to, so results are stable. */
const byNewest = (a: Sortable, b: Sortable) => time(b.created_at) - time(a.created_at) || collator().compare(String(b.id), String(a.id));

const comparators: Record<SortOrder, (a: Sortable, b: Sortable) => number> = {
  newest: byNewest,
  oldest: (a, b) => -byNewest(a, b),
  'title-asc': (a, b) => collator().compare(a.title ?? '', b.title ?? '') || byNewest(a, b),
  'title-desc': (a, b) => collator().compare(b.title ?? '', a.title ?? '') || byNewest(a, b),
  'duration-asc': (a, b) => dur(a.duration) - dur(b.duration) || byNewest(a, b),
  'duration-desc': (a, b) => dur(b.duration) - dur(a.duration) || byNewest(a, b),
};

/** A sorted copy; the input is not changed. */
export function sortRecords<T extends Sortable>(records: readonly T[], order: SortOrder = DEFAULT_SORT): T[] {
  return [...records].sort(comparators[order] ?? byNewest);
}

/** Lower-case, 'ё' folded into 'е', whitespace collapsed. */
export function normalizeForSearch(text: string | null | undefined): string {
  return (text ?? '').toLocaleLowerCase('ru').replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}

/** Records whose title or description contains the query, case-insensitively. An empty query keeps everything. */
export function searchRecords<T extends Sortable>(records: readonly T[], query: string): T[] {
  const q = normalizeForSearch(query);
  if (!q) return [...records];
  return records.filter((r) => normalizeForSearch(r.title).includes(q) || normalizeForSearch(r.description).includes(q));
}

/** Search, then sort: what the list shows. */
export function visibleRecords<T extends Sortable>(records: readonly T[], query: string, order: SortOrder): T[] {
  return sortRecords(searchRecords(records, query), order);
}
