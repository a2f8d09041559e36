import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrateTo } from '../../../../server/db/migrate.ts';
import { createUser } from '../../support/media-fixtures.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

describe('migration 020: undo links, videos made before their metadata-free MP4', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RUN_JOBS: 'false' } });
  });
  afterAll(() => t.close());

  it('processes again the ready videos that have no MP4 of their own, and leaves the others as they were', async () => {
    const user = await createUser(t);
    await migrateTo(t.db, '013-compact-peaks');
    const now = new Date().toISOString();
    const row = (kind: 'video' | 'audio', status: 'ready' | 'failed', name: string, playable: string | null) => ({
      user_id: user.id,
      kind,
      title: name,
      description: '',
      status,
      original_key: `u/${user.id}/${kind}/${name}.mp4`,
      mime_type: 'video/mp4',
      size: 1,
      original_name: `${name}.mp4`,
      playable_key: playable,
      created_at: now,
      updated_at: now,
    });
    await t.db
      .insertInto('media')
      .values([
        row('video', 'ready', 'old', null),
        row('video', 'ready', 'new', `u/${user.id}/video/new-play.mp4`),
        row('video', 'failed', 'broken', null),
        row('audio', 'ready', 'sound', null),
      ])
      .execute();
    await migrate(t.db);

    const media = await t.db.selectFrom('media').select(['id', 'title', 'status']).orderBy('id').execute();
    expect(media.map((m) => [m.title, m.status])).toEqual([
      ['old', 'processing'],
      ['new', 'ready'],
      ['broken', 'failed'],
      ['sound', 'ready'],
    ]);
    const jobs = await t.db.selectFrom('jobs').select(['kind', 'lane', 'media_id']).where('kind', '=', 'process-video').execute();
    expect(jobs).toEqual([{ kind: 'process-video', lane: 'video', media_id: media[0]!.id }]);
    expect(await t.db.selectFrom('undo_links').selectAll().execute()).toEqual([]);
  });

  it('goes down and up again', async () => {
    await migrateTo(t.db, '013-compact-peaks');
    await migrate(t.db);
    expect(await t.db.selectFrom('undo_links').selectAll().execute()).toEqual([]);
  });
});
