import { describe, expect, it } from 'vitest';
import { photoDetailsSchema } from '@/lib/schemas/photo';
import { videoDetailsSchema } from '@/lib/schemas/video';

describe('photo and video details', () => {
  it('a photo may have no title', () => {
    expect(photoDetailsSchema.safeParse({ title: '', description: '' }).success).toBe(true);
    expect(photoDetailsSchema.parse({ title: '  Море ', description: 'x' }).title).toBe('Море');
    const long = photoDetailsSchema.safeParse({ title: 'я'.repeat(256), description: '' });
    expect(long.success).toBe(false);
  });

  it("a video needs one: 'Название обязательно'", () => {
    const r = videoDetailsSchema.safeParse({ title: '   ', description: '' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe('Название обязательно');
    expect(videoDetailsSchema.safeParse({ title: 'Прогулка', description: '' }).success).toBe(true);
  });
});

describe('title and description limits', () => {
  it('count characters as the API does: 255 for a title, 5000 for a description, emoji as one', () => {
    const details = (title: string, description = '') => photoDetailsSchema.safeParse({ title, description }).success;
    expect(details('я'.repeat(255))).toBe(true);
    expect(details('😀'.repeat(255))).toBe(true);
    expect(details('😀'.repeat(256))).toBe(false);
    expect(details(` ${'я'.repeat(255)} `)).toBe(true);
    expect(details('', 'д'.repeat(5000))).toBe(true);
    expect(details('', '😀'.repeat(5000))).toBe(true);
    const long = videoDetailsSchema.safeParse({ title: 'Прогулка', description: 'д'.repeat(5001) });
    expect(long.error?.issues[0]?.message).toBe('Не длиннее 5000 символов');
    const title = videoDetailsSchema.safeParse({ title: 'я'.repeat(256), description: '' });
    expect(title.error?.issues[0]?.message).toBe('Не длиннее 255 символов');
  });
});
