import { describe, expect, it } from 'vitest';
import { isKeptQuery } from '@/lib/query-persist';

describe('the lists kept on the device for an offline start', () => {
  it('are the lists a screen draws from', () => {
    for (const key of [
      ['media', 'audio', 'list'],
      ['media', 'photo', 'favorites'],
      ['media', 'photo', 'timeline', 'Europe/Moscow', 'buckets'],
      ['media', 'usage', 'current'],
      ['albums', 'list'],
      ['albums', 'items', 3],
    ]) {
      expect(isKeptQuery(key), key.join('/')).toBe(true);
    }
  });

  it('leave out the profile (a form), the trash and what holds a secret or a session (links, sessions, passkeys)', () => {
    for (const key of [
      ['profile', 'detail'],
      ['media', 'trash', 'list'],
      ['shares', 'list'],
      ['sessions', 'list'],
      ['passkeys', 'list'],
      ['two-factor', 'status'],
      ['oauth', 'ways'],
    ]) {
      expect(isKeptQuery(key), key.join('/')).toBe(false);
    }
  });
});
