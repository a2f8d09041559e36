import { describe, expect, it } from 'vitest';
import { trimRequestSchema } from '../../../../../contract/media.ts';
import { trimPartError } from '../../../../../lib/media/playback/trim-part.ts';

describe('the part of a recording to keep', () => {
  it('takes a part within the recording that keeps at least a second, up to its very end', () => {
    expect(trimPartError({ start: 2, end: 4 }, 6)).toBeNull();
    expect(trimPartError({ start: 0, end: 1 }, 6)).toBeNull();
    expect(trimPartError({ start: 5, end: 6.04 }, 6.04)).toBeNull();
  });

  it('names what is wrong in the words the server uses', () => {
    expect(trimPartError({ start: Number.NaN, end: 4 }, 6)).toBe('Требуется численное значение.');
    expect(trimPartError({ start: -0.5, end: 4 }, 6)).toBe('Начало не может быть меньше нуля.');
    expect(trimPartError({ start: 4, end: 4 }, 6)).toBe('Конец должен быть позже начала.');
    expect(trimPartError({ start: 4, end: 2 }, 6)).toBe('Конец должен быть позже начала.');
    expect(trimPartError({ start: 1, end: 7 }, 6.02)).toBe('Конец не может быть дальше конца записи (6,0 с).');
    expect(trimPartError({ start: 4, end: 4.5 }, 6)).toBe('Оставьте не меньше 1 секунды.');
  });

  it('reads the times as JSON numbers or their text, and refuses anything else', () => {
    expect(trimRequestSchema.parse({ start: '1.5', end: 3 })).toEqual({ start: 1.5, end: 3 });
    expect(trimRequestSchema.safeParse({ start: 'abc', end: 3 }).error?.issues[0]?.message).toBe('Требуется численное значение.');
    expect(trimRequestSchema.safeParse({ start: true, end: 3 }).success).toBe(false);
    expect(trimRequestSchema.safeParse({ start: 1 }).error?.issues[0]?.message).toBe('Обязательное поле.');
  });
});
