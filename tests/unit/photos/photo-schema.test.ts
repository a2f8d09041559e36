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
