import { describe, expect, it } from 'vitest';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { isKeptQuery, serializeInSlices, SLICE } from '@/lib/query-persist';

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

describe('what is written to the device', () => {
  const record = (id: number) => ({ id, title: `Запись "${id}"\n`, waveform_data: [1, 2, 3], audio_file: null, owner: undefined });
  const query = (key: string[], data: unknown) => ({
    queryKey: key,
    queryHash: JSON.stringify(key),
    state: { data, dataUpdatedAt: 1, status: 'success', fetchStatus: 'idle', error: null },
  });
  const client = (lists: unknown[][]) =>
    ({
      timestamp: 5,
      buster: 'account-1',
      clientState: { mutations: [], queries: lists.map((data, i) => query(['media', 'audio', `list-${i}`], data)) },
    }) as unknown as PersistedClient;

  it('is the JSON of the cache, long lists and short, empty and with one slice over', async () => {
    for (const lists of [
      [[]],
      [Array.from({ length: 5 }, (_, i) => record(i))],
      [Array.from({ length: 2 * SLICE + 1 }, (_, i) => record(i)), [record(9)]],
    ]) {
      const kept = client(lists);
      expect(await serializeInSlices(kept)).toBe(JSON.stringify(kept));
    }
  });

  it('lets the page run between the slices of a long list', async () => {
    let ran = 0;
    const tick = setInterval(() => ran++, 0);
    try {
      await serializeInSlices(client([Array.from({ length: 10 * SLICE }, (_, i) => record(i))]));
    } finally {
      clearInterval(tick);
    }
    expect(ran).toBeGreaterThanOrEqual(5);
  });
});
