import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrateTo } from '../../../../server/db/migrate.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { signedInUser } from '../../support/auth.ts';

describe('migration 007: session details, sign-in codes from an app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('goes down and up again, and a session opened before it shows its opening time as its last use', async () => {
    const u = await signedInUser(t);
    await migrateTo(t.db, '006-account-security');
    await migrate(t.db);
    const row = await t.db.selectFrom('sessions').selectAll().where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_agent: null, ip: null, last_used_at: row.created_at, revoked_at: null });
    const profile = await t.app.inject({ url: '/api/auth/profile/', headers: { authorization: `Bearer ${u.access}` } });
    expect(profile.statusCode).toBe(200);
  });
});
