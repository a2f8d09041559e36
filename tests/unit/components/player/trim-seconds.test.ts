import { describe, expect, it } from 'vitest';
import { formatSeconds, parseSeconds } from '@/components/player/trim-panel';

describe('the trim’s time fields (issue 45, item 6: the Russian decimal comma)', () => {
  it('write seconds to a tenth with a comma', () => {
    expect(formatSeconds(5.5)).toBe('5,5');
    expect(formatSeconds(5.54)).toBe('5,5');
    expect(formatSeconds(6)).toBe('6');
    expect(formatSeconds(0)).toBe('0');
  });

  it('read what was typed with a comma or a dot, and nothing else as a number', () => {
    expect(parseSeconds('5,5')).toBe(5.5);
    expect(parseSeconds(' 5.5 ')).toBe(5.5);
    expect(parseSeconds('12')).toBe(12);
    expect(parseSeconds(',5')).toBe(0.5);
    expect(parseSeconds('')).toBeNaN();
    expect(parseSeconds('5,5,5')).toBeNaN();
    expect(parseSeconds('-1')).toBeNaN();
    expect(parseSeconds('пять')).toBeNaN();
  });
});
