import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo } from '../../../../server/db/migrate.ts';
import { createUser } from '../../support/media-fixtures.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

describe('migration 008: media jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RUN_JOBS: 'false' } });
  });
  afterAll(() => t.close());

  it('turns the records an older version left processing into jobs, and leaves the others as they were', async () => {
    const user = await createUser(t);
    await migrateTo(t.db, '007-account-2fa-email');
    const now = new Date().toISOString();
    const insert = (kind: string, status: string, key: string, lease: string | null) =>
      sql`
      INSERT INTO media (user_id, kind, title, description, status, original_key, mime_type, size, original_name,
                         created_at, updated_at, processing_lease_until, processing_claim)
      VALUES (${user.id}, ${kind}, '', '', ${status}, ${key}, 'video/webm', 1, 'x', ${now}, ${now}, ${lease}, ${lease ? 'abcdefabcdef' : null})
    `.execute(t.db);
    await insert('video', 'processing', `u/${user.id}/video/a.webm`, now);
    await insert('video', 'ready', `u/${user.id}/video/b.webm`, null);
    await insert('audio', 'ready', `u/${user.id}/audio/c.webm`, null);
    // Up to 008 only: a later migration (020) sends ready videos with no playable copy back to processing.
    await migrateTo(t.db, '008-media-jobs');

    const media = await t.db.selectFrom('media').select(['id', 'original_key', 'status', 'failure_reason']).orderBy('id').execute();
    expect(media.map((m) => [m.status, m.failure_reason])).toEqual([
      ['processing', null],
      ['ready', null],
      ['ready', null],
    ]);
    const jobs = await t.db.selectFrom('jobs').selectAll().execute();
    expect(jobs).toEqual([
      expect.objectContaining({
        kind: 'process-video',
        lane: 'video',
        media_id: media[0]!.id,
        claim: null,
        lease_until: null,
        attempts: 0,
      }),
    ]);
  });
});
