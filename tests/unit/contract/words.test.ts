import { describe, expect, it } from 'vitest';
import { count, plural } from '@/contract/words';

const RECORDS = ['запись', 'записи', 'записей'] as const;

describe('Russian counts', () => {
  it('takes the form the number asks for', () => {
    expect([0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111].map((n) => plural(n, RECORDS))).toEqual([
      'записей',
      'запись',
      'записи',
      'записи',
      'записей',
      'записей',
      'записей',
      'записей',
      'запись',
      'записи',
      'записей',
      'запись',
      'записей',
    ]);
  });

  it('puts the number before its noun with a no-break space, thousands grouped', () => {
    expect(count(1, RECORDS)).toBe('1\u00a0запись');
    expect(count(2, RECORDS)).toBe('2\u00a0записи');
    expect(count(5, RECORDS)).toBe('5\u00a0записей');
    expect(count(2000, RECORDS).replace(/\s/g, ' ')).toBe('2 000 записей');
  });

  it('gives a fraction the form for two to four', () => {
    expect(count(1.5, ['минута', 'минуты', 'минут'])).toBe('1,5\u00a0минуты');
  });
});
