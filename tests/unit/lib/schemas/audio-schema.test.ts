import { describe, expect, it } from 'vitest';
import { audioEditSchema, saveRecordingSchema } from '@/lib/schemas/audio';
import { TITLE_REQUIRED } from '@/lib/schemas/messages';

describe('audio edit / save schema', () => {
  it("requires a title: 'Название обязательно'", () => {
    for (const title of ['', '   ']) {
      const r = audioEditSchema.safeParse({ title, description: '' });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(TITLE_REQUIRED);
      expect(TITLE_REQUIRED).toBe('Название обязательно');
    }
  });

  it('accepts a title with an empty description and trims the title', () => {
    const r = saveRecordingSchema.safeParse({ title: '  Лекция ', description: '' });
    expect(r.success).toBe(true);
    expect(r.data?.title).toBe('Лекция');
  });
});
