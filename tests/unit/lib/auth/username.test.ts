import { describe, expect, it } from 'vitest';
import { makeUsername, normalizePhone } from '@/lib/auth/username';
import { withCacheBust } from '@/lib/auth/user';

describe('username generation', () => {
  it('is the e-mail local part, an underscore and a number below 10000', () => {
    expect(makeUsername('anna.petrova@example.com', () => 0.12345)).toBe('anna.petrova_1234');
    expect(makeUsername('x@y.z', () => 0)).toBe('x_0');
    expect(makeUsername('x@y.z', () => 0.99999999)).toBe('x_9999');
    for (let k = 0; k < 200; k++) {
      const m = /^bob_(\d+)$/.exec(makeUsername('bob@mail.ru'));
      expect(m).not.toBeNull();
      expect(Number(m![1])).toBeLessThan(10000);
    }
  });
});

describe('phone normalisation', () => {
  it('adds a leading + when missing and drops formatting', () => {
    expect(normalizePhone('79991234567')).toBe('+79991234567');
    expect(normalizePhone('+7 (999) 123-45-67')).toBe('+79991234567');
    expect(normalizePhone('  ')).toBeUndefined();
    expect(normalizePhone(undefined)).toBeUndefined();
  });
});

describe('photo_url cache busting', () => {
  it('appends ?t= or &t= and replaces an old t', () => {
    expect(withCacheBust('/media/p.png', 5)).toBe('/media/p.png?t=5');
    expect(withCacheBust('/media/p.png?sig=a', 5)).toBe('/media/p.png?sig=a&t=5');
    expect(withCacheBust('/media/p.png?sig=a&t=1', 5)).toBe('/media/p.png?sig=a&t=5');
    expect(withCacheBust('/media/p.png?t=1&sig=a', 5)).toBe('/media/p.png?sig=a&t=5');
    expect(withCacheBust(null, 5)).toBeNull();
  });
});
