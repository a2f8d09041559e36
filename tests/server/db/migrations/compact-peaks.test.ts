import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrateTo } from '../../../../server/db/migrate.ts';
import { createUser } from '../../support/media-fixtures.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

describe('migration 013: stored peaks made compact', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RUN_JOBS: 'false' } });
  });
  afterAll(() => t.close());

  it('re-writes every older waveform as the API sends it, so the list is the same bytes and needs no re-writing', async () => {
    const user = await createUser(t);
    await migrateTo(t.db, '012-uploads-checksums');
    const now = new Date().toISOString();
    const row = (kind: 'audio' | 'photo', title: string, waveform: string | null) => ({
      user_id: user.id,
      kind,
      title,
      description: '',
      status: 'ready' as const,
      original_key: `u/${user.id}/${kind}/${title}.bin`,
      mime_type: kind === 'audio' ? 'audio/mpeg' : 'image/png',
      size: 1,
      original_name: 'x',
      waveform,
      renditions_size: 0,
      created_at: now,
      updated_at: now,
    });
    const stored: Record<string, string | null> = {
      older: '[0.5,1,0.25,0]',
      spaced: '[0.5, 0.125, 0]',
      compact: '[3,100,0]',
      empty: null,
      malformed: 'not json',
      quiet: '[0,1,0]', // loudest 1: read as 0..1, as the API always has
    };
    await t.db
      .insertInto('media')
      .values(Object.entries(stored).map(([title, waveform]) => row('audio', title, waveform)))
      .execute();
    // More than one batch of older rows, and a photo whose column is not a waveform at all.
    await t.db
      .insertInto('media')
      .values(Array.from({ length: 520 }, (_, i) => row('audio', `many${i}`, `[${(i % 10) / 10},1]`)))
      .execute();
    await t.db
      .insertInto('media')
      .values(row('photo', 'photo', '[0.5]'))
      .execute();

    const sent = async () => {
      const res = await t.app.inject({ url: '/api/media/audio/', headers: user.headers });
      expect(res.statusCode).toBe(200);
      return new Map(res.json<{ title: string; waveform_data: number[] }[]>().map((r) => [r.title, JSON.stringify(r.waveform_data)]));
    };
    const before = await sent();
    await migrate(t.db);
    expect(await sent()).toEqual(before);

    const columns = new Map(
      (await t.db.selectFrom('media').select(['title', 'waveform']).execute()).map((r) => [r.title, r.waveform] as const),
    );
    expect(columns.get('older')).toBe('[50,100,25,0]');
    expect(columns.get('spaced')).toBe('[50,13,0]');
    expect(columns.get('compact')).toBe('[3,100,0]');
    expect(columns.get('empty')).toBeNull();
    expect(columns.get('malformed')).toBe('[]');
    expect(columns.get('quiet')).toBe('[0,100,0]');
    expect(columns.get('many0')).toBe('[0,100]');
    expect(columns.get('many519')).toBe('[90,100]');
    expect(columns.get('photo')).toBe('[0.5]');
    for (const [title, waveform] of columns) if (title !== 'photo' && waveform !== null) expect(before.get(title)).toBe(waveform);
  });
});
