import { describe, expect, it } from 'vitest';
import { PHOTO_SORT_OPTIONS, isPhotoSortOrder, photoTime, sortPhotos, visiblePhotos } from '@/lib/media/lists/photo-order';

const photo = (id: number, title: string, created_at: string, taken_at: string | null = null, description = '') => ({
  id,
  title,
  description,
  created_at,
  taken_at,
});

// Uploaded in order 1..4; photo 2 was taken long before it was uploaded, photo 4 has a broken EXIF date.
const photos = [
  photo(1, 'Море', '2024-06-01T10:00:00Z'),
  photo(2, 'Старый снимок', '2024-06-02T10:00:00Z', '2010-01-01T12:00:00Z', 'Бабушкин альбом'),
  photo(3, 'ёлка', '2024-06-03T10:00:00Z', '2024-05-01T00:00:00Z'),
  photo(4, 'Горы', '2024-06-04T10:00:00Z', 'not a date'),
];

describe('photo order', () => {
  it('dates a photo by taken_at, else created_at, else 0', () => {
    expect(photoTime({ taken_at: '2010-01-01T12:00:00Z', created_at: '2024-06-02T10:00:00Z' })).toBe(Date.parse('2010-01-01T12:00:00Z'));
    expect(photoTime({ taken_at: null, created_at: '2024-06-02T10:00:00Z' })).toBe(Date.parse('2024-06-02T10:00:00Z'));
    expect(photoTime({ taken_at: 'garbage', created_at: '2024-06-02T10:00:00Z' })).toBe(Date.parse('2024-06-02T10:00:00Z'));
    expect(photoTime({ taken_at: null, created_at: null })).toBe(0);
  });

  it('newest first by when the photo was taken, falling back to the upload time', () => {
    expect(sortPhotos(photos, 'newest').map((p) => p.id)).toEqual([4, 1, 3, 2]);
    expect(sortPhotos(photos, 'oldest').map((p) => p.id)).toEqual([2, 3, 1, 4]);
  });

  it('equal dates: the later upload (higher id) first, so the order is stable', () => {
    const same = [photo(5, 'a', '2024-01-01T00:00:00Z'), photo(9, 'b', '2024-01-01T00:00:00Z'), photo(7, 'c', '2024-01-01T00:00:00Z')];
    expect(sortPhotos(same).map((p) => p.id)).toEqual([9, 7, 5]);
  });

  it('sorts titles with the Russian collation (ё with е, case-insensitive)', () => {
    expect(sortPhotos(photos, 'title-asc').map((p) => p.title)).toEqual(['Горы', 'ёлка', 'Море', 'Старый снимок']);
    expect(sortPhotos(photos, 'title-desc').map((p) => p.title)).toEqual(['Старый снимок', 'Море', 'ёлка', 'Горы']);
  });

  it('does not change its input', () => {
    const copy = [...photos];
    sortPhotos(photos, 'title-desc');
    expect(photos).toEqual(copy);
  });

  it('searches title or description, case-insensitively, then sorts', () => {
    expect(visiblePhotos(photos, 'АЛЬБОМ', 'newest').map((p) => p.id)).toEqual([2]);
    expect(visiblePhotos(photos, 'елка', 'newest').map((p) => p.id)).toEqual([3]);
    expect(visiblePhotos(photos, 'о', 'oldest').map((p) => p.id)).toEqual([2, 1, 4]);
    expect(visiblePhotos(photos, '   ', 'newest')).toHaveLength(4);
    expect(visiblePhotos(photos, 'нет такого', 'newest')).toEqual([]);
  });

  it('offers the four orders that make sense for photos', () => {
    expect(PHOTO_SORT_OPTIONS.map((o) => o.label)).toEqual(['Сначала новые', 'Сначала старые', 'Название А–Я', 'Название Я–А']);
    expect(isPhotoSortOrder('title-asc')).toBe(true);
    expect(isPhotoSortOrder('duration-asc')).toBe(false);
  });
});
