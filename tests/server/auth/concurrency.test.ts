import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordChangedSchema } from '../../../contract/account.ts';
import { bodyOf } from '../support/inject-json.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { changePassword, codeIn, post, register, signedInUser } from '../support/auth.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const countOf = (codes: number[], code: number) => codes.filter((c) => c === code).length;

/** Requests really in flight together (app.inject runs them concurrently; argon2 runs on the thread pool). */
describe('limits hold under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('20 logins at once, the right password 15th: 5 × 401, the rest 429, no 200', async () => {
    const u = await signedInUser(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(t, '/api/auth/login/', { email: u.email, password: i === 14 ? u.password : `wrong-${i}-password` }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(countOf(codes, 200)).toBe(0);
    expect(countOf(codes, 401)).toBe(5);
    expect(countOf(codes, 429)).toBe(15);
    const recorded = await t.db.selectFrom('rate_events').select('id').where('key', '=', `login:acct:${u.email}`).execute();
    expect(recorded).toHaveLength(5);
  });

  it('a right login gives its attempt back and clears the failures: 5 right logins at once all succeed', async () => {
    const u = await signedInUser(t);
    const failures = async () =>
      (await t.db.selectFrom('rate_events').select('id').where('key', '=', `login:acct:${u.email}`).execute()).length;
    for (let i = 0; i < 4; i++)
      expect((await post(t, '/api/auth/login/', { email: u.email, password: `wrong-${i}-password` })).statusCode).toBe(401);
    expect(await failures()).toBe(4);
    expect((await post(t, '/api/auth/login/', { email: u.email, password: u.password })).statusCode).toBe(200);
    expect(await failures()).toBe(0);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(t, '/api/auth/login/', { email: u.email, password: u.password })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(5).fill(200));
    expect(await failures()).toBe(0);
  });

  it('20 guesses of an e-mail code at once, the right one last: none gets in, and the code is dead after 5 tries', async () => {
    const { email } = await register(t);
    const code = codeIn(t.mailer.last(email)?.text);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(t, '/api/auth/verify-email/', { email, code: i === 19 ? code : wrong(i) })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(400));
    const row = await t.db.selectFrom('codes').selectAll().where('target', '=', email).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect(row.used_at).toBeNull();
    expect((await post(t, '/api/auth/verify-email/', { email, code })).statusCode).toBe(400);
  });
});

describe('a password change wins every race', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const profile = (token: string) => t.app.inject({ url: '/api/auth/profile/', headers: { authorization: `Bearer ${token}` } });

  /** Logins with `password`, one every 8 ms over ~100 ms, with `change` sent in the middle of them. */
  async function race(email: string, password: string, change: () => Promise<{ statusCode: number }>) {
    const logins: Promise<{ statusCode: number; json(): { access: string; refresh: string } }>[] = [];
    let changed: Promise<{ statusCode: number }> | undefined;
    for (let i = 0; i < 12; i++) {
      if (i === 4) changed = change();
      logins.push(post(t, '/api/auth/login/', { email, password }));
      await sleep(8);
    }
    return { changed: await changed!, logins: await Promise.all(logins) };
  }

  async function expectDead(logins: { statusCode: number; json(): { access: string; refresh: string } }[]) {
    for (const login of logins.filter((l) => l.statusCode === 200)) {
      const { access, refresh } = login.json();
      expect((await profile(access)).statusCode).toBe(401);
      expect((await post(t, '/api/auth/token/refresh/', { refresh })).statusCode).toBe(401);
    }
  }

  it('logins with the old password racing a change end with no working token', async () => {
    const u = await signedInUser(t);
    const { changed, logins } = await race(u.email, u.password, () => changePassword(t, u, { new_password: 'changed-pass-123' }));
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
      changePassword(t, u, { new_password: 'thief-pass-123' }),
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
    if (thief.statusCode === 200) expect((await profile(bodyOf(thief, passwordChangedSchema).access)).statusCode).toBe(401);
    expect((await post(t, '/api/auth/login/', { email: u.email, password: 'thief-pass-123' })).statusCode).toBe(401);
    expect((await post(t, '/api/auth/login/', { email: u.email, password: 'owner-pass-123' })).statusCode).toBe(200);
  });
});
