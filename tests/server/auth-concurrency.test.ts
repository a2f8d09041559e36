import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { post, signedInUser } from './auth-support.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a password change wins every race', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const profile = (token: string) => t.app.inject({ url: '/api/auth/profile/', headers: { authorization: `Bearer ${token}` } });

  /** Logins with `password`, one every 8 ms over ~100 ms, with `change` sent in the middle of them. */
  async function race(email: string, password: string, change: () => Promise<{ statusCode: number }>) {
    const logins: Promise<{ statusCode: number; json(): any }>[] = [];
    let changed: Promise<{ statusCode: number }> | undefined;
    for (let i = 0; i < 12; i++) {
      if (i === 4) changed = change();
      logins.push(post(t, '/api/auth/login/', { email, password }));
      await sleep(8);
    }
    return { changed: await changed!, logins: await Promise.all(logins) };
  }

  async function expectDead(logins: { statusCode: number; json(): any }[]) {
    for (const login of logins.filter((l) => l.statusCode === 200)) {
      const { access, refresh } = login.json();
      expect((await profile(access)).statusCode).toBe(401);
      expect((await post(t, '/api/auth/token/refresh/', { refresh })).statusCode).toBe(401);
    }
  }

  it('logins with the old password racing a change end with no working token', async () => {
    const u = await signedInUser(t);
    const { changed, logins } = await race(u.email, u.password, () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/change-password/',
        headers: { authorization: `Bearer ${u.access}` },
        payload: { old_password: u.password, new_password: 'changed-pass-123' },
      }),
    );
    expect(changed.statusCode).toBe(200);
    await expectDead(logins);
    const mine = (changed as unknown as { json(): { access: string; refresh: string } }).json();
    expect((await profile(mine.access)).statusCode).toBe(200);
    t.clock.advance(15 * 60 * 1000 + 1000); // past the lock the old-password failures may have set
    expect((await post(t, '/api/auth/login/', { email: u.email, password: u.password })).statusCode).toBe(401);
    expect((await post(t, '/api/auth/login/', { email: u.email, password: 'changed-pass-123' })).statusCode).toBe(200);
  });

  it('logins with the old password racing a reset by link end with no working token', async () => {
    const u = await signedInUser(t);
    await post(t, '/api/auth/reset-password/', { email: u.email });
    const token = /token=([\w-]+)/.exec(t.mailer.last(u.email)!.text)![1];
    const { changed, logins } = await race(u.email, u.password, () =>
      post(t, '/api/auth/reset-password/confirm/', { token, new_password: 'reset-pass-123', new_password2: 'reset-pass-123' }),
    );
    expect(changed.statusCode).toBe(200);
    await expectDead(logins);
  });

  it('a change made with the old password and a reset sent together: the owner keeps the account, the thief keeps nothing', async () => {
    const u = await signedInUser(t);
    await post(t, '/api/auth/reset-password/', { email: u.email });
    const token = /token=([\w-]+)/.exec(t.mailer.last(u.email)!.text)![1];
    // The thief's change (old password, stolen session) and the owner's reset, sent together.
    const [thief, owner] = await Promise.all([
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/change-password/',
        headers: { authorization: `Bearer ${u.access}` },
        payload: { old_password: u.password, new_password: 'thief-pass-123' },
      }),
      post(t, '/api/auth/reset-password/confirm/', { token, new_password: 'owner-pass-123', new_password2: 'owner-pass-123' }),
    ]);
    if (owner.statusCode !== 200) {
      // Only a change that landed entirely first retires the link; a new one still gets the owner back.
      expect(thief.statusCode).toBe(200);
      t.clock.advance(61_000);
      await post(t, '/api/auth/reset-password/', { email: u.email });
      const again = /token=([\w-]+)/.exec(t.mailer.last(u.email)!.text)![1];
      expect((await post(t, '/api/auth/reset-password/confirm/', { token: again, new_password: 'owner-pass-123' })).statusCode).toBe(200);
    }
    // Whatever the order, the thief ends with no session and no password.
    if (thief.statusCode === 200) expect((await profile(thief.json().access)).statusCode).toBe(401);
    expect((await post(t, '/api/auth/login/', { email: u.email, password: 'thief-pass-123' })).statusCode).toBe(401);
    expect((await post(t, '/api/auth/login/', { email: u.email, password: 'owner-pass-123' })).statusCode).toBe(200);
  });
});
