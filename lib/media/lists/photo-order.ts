/**
 * Gallery order and search for photos: "newest" means when the photo was taken (EXIF) and, for
 * photos without that date, when it was uploaded. Pure, like sort-search.ts for audio.
 */
import { lazily } from '@/lib/lazily';
import { searchRecords, type SortOrder } from './sort-search';

export type PhotoSortOrder = Extract<SortOrder, 'newest' | 'oldest' | 'title-asc' | 'title-desc'>;

export const PHOTO_SORT_OPTIONS: ReadonlyArray<{ value: PhotoSortOrder; label: string }> = [
  { value: 'newest', label: 'Сначала новые' },
  { value: 'oldest', label: 'Сначала старые' },
  { value: 'title-asc', label: 'Название А–Я' },
  { value: 'title-desc', label: 'Название Я–А' },
];

export interface DatedPhoto {
  id: number | string;
  title?: string | null;
  description?: string | null;
  taken_at?: string | null;
  created_at?: string | null;
}

const collator = lazily(() => new Intl.Collator('ru', { sensitivity: 'base', numeric: true }));

const parse = (iso: string | null | undefined): number => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? NaN : t;
};

/** Milliseconds of the photo's date: taken_at when it is a valid date, else created_at, else 0. */
export function photoTime(photo: Pick<DatedPhoto, 'taken_at' | 'created_at'>): number {
  const taken = parse(photo.taken_at);
  if (!Number.isNaN(taken)) return taken;
  const created = parse(photo.created_at);
  return Number.isNaN(created) ? 0 : created;
}

const idDesc = (a: DatedPhoto, b: DatedPhoto) => {
  const na = Number(a.id);
  const nb = Number(b.id);
  if (Number.isFinite(na) && Number.isFinite(nb)) return nb - na;
  return collator().compare(String(b.id), String(a.id));
};

/** Newest photo date first; equal dates: the later upload (higher id) first — so every order is stable. */
const byNewest = (a: DatedPhoto, b: DatedPhoto) => photoTime(b) - photoTime(a) || idDesc(a, b);

const comparators: Record<PhotoSortOrder, (a: DatedPhoto, b: DatedPhoto) => number> = {
  newest: byNewest,
  oldest: (a, b) => -byNewest(a, b),
  'title-asc': (a, b) => collator().compare(a.title ?? '', b.title ?? '') || byNewest(a, b),
  'title-desc': (a, b) => collator().compare(b.title ?? '', a.title ?? '') || byNewest(a, b),
};

export function isPhotoSortOrder(value: unknown): value is PhotoSortOrder {
  return PHOTO_SORT_OPTIONS.some((o) => o.value === value);
}

/** A sorted copy; the input is not changed. */
export function sortPhotos<T extends DatedPhoto>(photos: readonly T[], order: PhotoSortOrder = 'newest'): T[] {
  return [...photos].sort(comparators[order] ?? byNewest);
}

/** Search (title or description, case-insensitive, ё = е), then sort: what the gallery shows. */
export function visiblePhotos<T extends DatedPhoto>(photos: readonly T[], query: string, order: PhotoSortOrder): T[] {
  return sortPhotos(searchRecords(photos, query), order);
}
