import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrateTo } from '../../../../server/db/migrate.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { post, signedInUser } from '../../support/auth.ts';

describe('migration 006: sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps the logins made before it: a live refresh family becomes a live session, a revoked one a revoked session', async () => {
    const live = await signedInUser(t);
    const ended = await signedInUser(t);
    await post(t, '/api/auth/logout/', { refresh: ended.refresh });

    await migrateTo(t.db, '005-media-processing-claim');
    const legacy = await sql<{ user_id: number; revoked_at: string | null }>`SELECT user_id, revoked_at FROM refresh_tokens`.execute(t.db);
    expect(legacy.rows.find((r) => r.user_id === live.id)?.revoked_at).toBeNull();
    expect(legacy.rows.find((r) => r.user_id === ended.id)?.revoked_at).toEqual(expect.any(String));
    await migrate(t.db);

    const sessions = await t.db.selectFrom('sessions').selectAll().execute();
    expect(sessions.find((s) => s.user_id === live.id)?.revoked_at).toBeNull();
    expect(sessions.find((s) => s.user_id === ended.id)?.revoked_at).toEqual(expect.any(String));
    expect((await post(t, '/api/auth/token/refresh/', { refresh: live.refresh })).statusCode).toBe(200);
    expect((await post(t, '/api/auth/token/refresh/', { refresh: ended.refresh })).statusCode).toBe(401);
  });
});
