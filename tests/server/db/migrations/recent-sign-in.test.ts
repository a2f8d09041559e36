import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrateTo } from '../../../../server/db/migrate.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { post, signedInUser } from '../../support/auth.ts';

describe('migration 025: recent sign-in, paused links, bound undo links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a session opened before it goes on, but asks «Подтвердите вход» once before a guarded action', async () => {
    const u = await signedInUser(t);
    await migrateTo(t.db, '024-media-row-version');
    await migrate(t.db);
    const [session] = await t.db.selectFrom('sessions').select(['reauth_at', 'revoked_at']).where('user_id', '=', u.id).execute();
    expect(session).toEqual({ reauth_at: null, revoked_at: null });
    expect((await t.app.inject({ url: '/api/auth/profile/', headers: { authorization: `Bearer ${u.access}` } })).statusCode).toBe(200);
    const refused = await post(t, '/api/media/export/', {}, { token: u.access });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'Подтвердите вход', code: 'reauth_required' });
    expect((await post(t, '/api/auth/reauth/', { password: u.password }, { token: u.access })).statusCode).toBe(200);
    expect((await post(t, '/api/media/export/', {}, { token: u.access })).statusCode).toBe(200);
  });
});
