import { describe, expect, it } from 'vitest';
import { formatBytes, quotaExceededMessage } from '@/contract/storage-space';

describe('sizes in Russian units', () => {
  it('counts bytes with the right word form', () => {
    expect([0, 1, 2, 5, 21, 22, 1000].map(formatBytes)).toEqual([
      '0 байт',
      '1 байт',
      '2 байта',
      '5 байт',
      '21 байт',
      '22 байта',
      '1000 байт',
    ]);
  });

  it('shows KB, MB, GB and TB in binary multiples, one decimal below 10, rounded down', () => {
    expect(formatBytes(1024)).toBe('1 КБ');
    expect(formatBytes(1536)).toBe('1,5 КБ');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1023 КБ');
    expect(formatBytes(12.9 * 1024 * 1024)).toBe('12 МБ');
    expect(formatBytes(1.99 * 1024 ** 3)).toBe('1,9 ГБ');
    expect(formatBytes(3 * 1024 ** 4)).toBe('3 ТБ');
  });

  it('tells how much room is left when the quota refuses an upload', () => {
    expect(quotaExceededMessage(512 * 1024, 1024 ** 3)).toBe('Не хватает места в хранилище: свободно 512 КБ из 1 ГБ.');
    expect(quotaExceededMessage(-5, 100)).toBe('Не хватает места в хранилище: свободно 0 байт из 100 байт.');
    expect(quotaExceededMessage(0, 3 * 1024 ** 2, 2 * 1024 ** 2)).toBe(
      'Не хватает места в хранилище: свободно 0 байт из 3 МБ. Из занятого 2 МБ приходится на незавершённые загрузки: место освободится, когда они завершатся или через сутки.',
    );
  });
});
