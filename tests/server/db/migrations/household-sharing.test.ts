import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrate, migrateTo } from '../../../../server/db/migrate.ts';
import { createUser } from '../../support/media-fixtures.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

describe('migration 028: album members, partners', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RUN_JOBS: 'false' } });
  });
  afterAll(() => t.close());

  it('keeps existing albums (downloads off for members), refuses a bad role or oneself as partner, and goes down', async () => {
    const alice = await createUser(t, 'alice');
    const bob = await createUser(t, 'bob');
    await migrateTo(t.db, '025-recent-sign-in');
    const now = t.clock.now().toISOString();
    await sql`insert into albums (user_id, title, description, created_at, updated_at) values (${alice.id}, 'Старый', '', ${now}, ${now})`.execute(
      t.db,
    );
    await migrate(t.db);
    const album = await t.db
      .selectFrom('albums')
      .select(['id', 'allow_download'])
      .where('user_id', '=', alice.id)
      .executeTakeFirstOrThrow();
    expect(album.allow_download).toBe(0);

    const refused = (work: Promise<unknown>) =>
      work.then(
        () => 'accepted',
        () => 'refused',
      );
    await t.db.insertInto('album_members').values({ album_id: album.id, user_id: bob.id, role: 'viewer', created_at: now }).execute();
    expect(
      await refused(
        t.db.insertInto('album_members').values({ album_id: album.id, user_id: bob.id, role: 'contributor', created_at: now }).execute(),
      ),
    ).toBe('refused');
    expect(
      await refused(
        sql`insert into album_members (album_id, user_id, role, created_at) values (${album.id}, ${alice.id}, 'owner', ${now})`.execute(
          t.db,
        ),
      ),
    ).toBe('refused');
    expect(await refused(t.db.insertInto('partners').values({ user_id: bob.id, partner_id: bob.id, created_at: now }).execute())).toBe(
      'refused',
    );
    await t.db.insertInto('partners').values({ user_id: alice.id, partner_id: bob.id, created_at: now }).execute();
    expect(await refused(t.db.insertInto('partners').values({ user_id: alice.id, partner_id: bob.id, created_at: now }).execute())).toBe(
      'refused',
    );

    await migrateTo(t.db, '025-recent-sign-in');
    await migrate(t.db);
    expect(await t.db.selectFrom('album_members').select('id').execute()).toEqual([]);
  });
});
