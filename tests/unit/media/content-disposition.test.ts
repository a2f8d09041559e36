import { describe, expect, it } from 'vitest';
import { filenameFromContentDisposition, mp3FileName } from '@/lib/media/content-disposition';

describe('download file name', () => {
  it('prefers filename* (UTF-8) over filename', () => {
    expect(
      filenameFromContentDisposition(`attachment; filename="Lekciya.mp3"; filename*=UTF-8''%D0%9B%D0%B5%D0%BA%D1%86%D0%B8%D1%8F.mp3`),
    ).toBe('Лекция.mp3');
  });
  it('reads quoted and bare filename', () => {
    expect(filenameFromContentDisposition('attachment; filename="My \\"song\\".mp3"')).toBe('My "song".mp3');
    expect(filenameFromContentDisposition('attachment; filename=a.mp3')).toBe('a.mp3');
  });
  it('strips path separators and returns null without a name', () => {
    expect(filenameFromContentDisposition('attachment; filename="../../x.mp3"')).toBe('.._.._x.mp3');
    expect(filenameFromContentDisposition('attachment')).toBeNull();
    expect(filenameFromContentDisposition(null)).toBeNull();
  });
  it('falls back to the title plus .mp3', () => {
    expect(mp3FileName('Лекция: 1')).toBe('Лекция_ 1.mp3');
    expect(mp3FileName('')).toBe('audio.mp3');
  });
});
