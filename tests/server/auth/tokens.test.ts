import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAnswerSchema, tokenPairSchema } from '../../../contract/account.ts';
import { anyInstance, bodyOf } from '../support/inject-json.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { changePassword, post, signedInUser } from '../support/auth.ts';

const INVALID = { detail: 'Token is invalid or expired', code: 'token_not_valid' };

describe('refresh tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const refresh = (token: unknown) => post(t, '/api/auth/token/refresh/', { refresh: token });

  it('rotates: a refresh gives a new access and a new refresh token', async () => {
    const u = await signedInUser(t);
    const res = await refresh(u.refresh);
    expect(res.statusCode).toBe(200);
    const pair = bodyOf(res, tokenPairSchema);
    expect(Object.keys(pair).sort()).toEqual(['access', 'refresh']);
    expect(pair.refresh).not.toBe(u.refresh);
    const profile = await t.app.inject({ url: '/api/auth/profile/', headers: { authorization: `Bearer ${pair.access}` } });
    expect(profile.statusCode).toBe(200);
    expect((await refresh(pair.refresh)).statusCode).toBe(200);
  });

  it('gives the immediate parent, presented again within 10 s, the same current child', async () => {
    const u = await signedInUser(t);
    const first = bodyOf(await refresh(u.refresh), tokenPairSchema);
    t.clock.advance(5_000);
    const again = await refresh(u.refresh);
    expect(again.statusCode).toBe(200);
    expect(bodyOf(again, tokenPairSchema).refresh).toBe(first.refresh);
    expect((await refresh(first.refresh)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token comes back after the grace period', async () => {
    const u = await signedInUser(t);
    const child = bodyOf(await refresh(u.refresh), tokenPairSchema);
    t.clock.advance(11_000);
    const reuse = await refresh(u.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual(INVALID);
    // The thief's (or the user's) child is dead too.
    const childAfter = await refresh(child.refresh);
    expect(childAfter.statusCode).toBe(401);
    expect(childAfter.json()).toEqual(INVALID);
  });

  it('revokes the family when an older ancestor comes back, even within 10 s', async () => {
    const u = await signedInUser(t);
    const child = bodyOf(await refresh(u.refresh), tokenPairSchema);
    const grandchild = bodyOf(await refresh(child.refresh), tokenPairSchema);
    const reuse = await refresh(u.refresh);
    expect(reuse.statusCode).toBe(401);
    expect((await refresh(grandchild.refresh)).statusCode).toBe(401);
  });

  it('lets two parallel refreshes of one token both succeed with the same child', async () => {
    const u = await signedInUser(t);
    const [a, b] = await Promise.all([refresh(u.refresh), refresh(u.refresh)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(bodyOf(a, tokenPairSchema).refresh).toBe(bodyOf(b, tokenPairSchema).refresh);
    const children = await t.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('parent_jti', 'is not', null)
      .where('user_id', '=', u.id)
      .execute();
    expect(children).toHaveLength(1);
    expect((await refresh(bodyOf(a, tokenPairSchema).refresh)).statusCode).toBe(200);
  });

  it('refuses forged, malformed, access and expired tokens with token_not_valid', async () => {
    const u = await signedInUser(t);
    const forged = u.refresh.slice(0, -4) + (u.refresh.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const token of [forged, 'not-a-jwt', u.access]) {
      const res = await refresh(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID);
    }
    const other = await signedInUser(t);
    t.clock.advance(14 * 24 * 3600 * 1000 + 1000);
    const expired = await refresh(other.refresh);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(INVALID);
  });

  it('refuses an access token after 15 minutes with the SimpleJWT-shaped 401', async () => {
    const u = await signedInUser(t);
    t.clock.advance(15 * 60 * 1000 + 1000);
    const res = await t.app.inject({ url: '/api/auth/profile/', headers: { authorization: `Bearer ${u.access}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: 'Given token not valid for any token type', code: 'token_not_valid' });
  });

  it('refuses an access token it accepted before, from the second its 15 minutes are over', async () => {
    const u = await signedInUser(t);
    const profile = () => t.app.inject({ url: '/api/auth/profile/', headers: { authorization: `Bearer ${u.access}` } });
    expect((await profile()).statusCode).toBe(200);
    t.clock.advance(15 * 60 * 1000 - 1000);
    expect((await profile()).statusCode).toBe(200);
    t.clock.advance(1000);
    const res = await profile();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'token_not_valid' });
  });

  it('logout revokes the family and answers {} — also for a bad token', async () => {
    const u = await signedInUser(t);
    const child = bodyOf(await refresh(u.refresh), tokenPairSchema);
    const out = await post(t, '/api/auth/logout/', { refresh: child.refresh });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({});
    expect((await refresh(child.refresh)).statusCode).toBe(401);
    for (const body of [{ refresh: 'garbage' }, {}, { refresh: 42 }]) {
      const r = await post(t, '/api/auth/logout/', body);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({});
    }
  });

  it('requires the refresh field', async () => {
    const res = await post(t, '/api/auth/token/refresh/', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ refresh: ['Обязательное поле.'] });
  });
});

describe('access tokens die with their session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const NOT_VALID = { detail: 'Given token not valid for any token type', code: 'token_not_valid' };
  const profile = (token: string) => t.app.inject({ url: '/api/auth/profile/', headers: { authorization: `Bearer ${token}` } });
  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

  /** A token signed with the server's own access key, as a leaked secret or a bug elsewhere could make one. */
  const sign = (claims: Record<string, unknown>, opts: { exp?: number | null; iat?: number | null } = {}) => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    let jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' });
    if (opts.iat !== null) jwt = jwt.setIssuedAt(opts.iat ?? now);
    if (opts.exp !== null) jwt = jwt.setExpirationTime(opts.exp ?? now + 300);
    return jwt.sign(new TextEncoder().encode(`access:${t.config.secretKey}`));
  };

  it('carries its session, and is refused at once when that session logs out (same instant), while other sessions go on', async () => {
    const u = await signedInUser(t);
    const other = await post(t, '/api/auth/login/', { email: u.email, password: u.password });
    const otherAccess = bodyOf(other, loginAnswerSchema).access;
    expect(claimsOf(u.access)).toMatchObject({ token_type: 'access', user_id: u.id, sid: anyInstance(String) });
    expect(claimsOf(u.access).sid).not.toBe(claimsOf(otherAccess).sid);
    expect((await profile(u.access)).statusCode).toBe(200);

    expect((await post(t, '/api/auth/logout/', { refresh: u.refresh })).statusCode).toBe(200);
    const after = await profile(u.access);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject(NOT_VALID);
    expect((await profile(otherAccess)).statusCode).toBe(200);
  });

  it('an access token from a refresh belongs to the same session and dies with it', async () => {
    const u = await signedInUser(t);
    const pair = bodyOf(await post(t, '/api/auth/token/refresh/', { refresh: u.refresh }), tokenPairSchema);
    expect(claimsOf(pair.access).sid).toBe(claimsOf(u.access).sid);
    await post(t, '/api/auth/logout/', { refresh: pair.refresh });
    expect((await profile(pair.access)).statusCode).toBe(401);
    expect((await profile(u.access)).statusCode).toBe(401);
  });

  it('a family revoked for reuse of an old refresh token takes its access tokens with it', async () => {
    const u = await signedInUser(t);
    const child = bodyOf(await post(t, '/api/auth/token/refresh/', { refresh: u.refresh }), tokenPairSchema);
    t.clock.advance(11_000);
    expect((await post(t, '/api/auth/token/refresh/', { refresh: u.refresh })).statusCode).toBe(401);
    expect((await profile(child.access)).statusCode).toBe(401);
  });

  it('a password change ends the other sessions at once, within the same second', async () => {
    const u = await signedInUser(t);
    const res = await changePassword(t, u, { new_password: 'changed-pass-1' });
    expect(res.statusCode).toBe(200);
    expect((await profile(u.access)).statusCode).toBe(401);
    expect((await profile(bodyOf(res, tokenPairSchema).access)).statusCode).toBe(200);
  });

  it('refuses a well-signed token without exp, without iat, without a session, or of another type', async () => {
    const u = await signedInUser(t);
    const { sid } = claimsOf(u.access);
    const base = { token_type: 'access', user_id: u.id, sid, jti: 'x1' };
    expect((await profile(await sign(base))).statusCode).toBe(200); // the forging works: the key is right
    for (const token of [
      await sign(base, { exp: null }),
      await sign(base, { iat: null }),
      await sign({ ...base, sid: undefined }),
      await sign({ ...base, sid: 'no-such-session' }),
      await sign({ ...base, token_type: 'refresh' }),
      await sign({ ...base, user_id: String(u.id) }),
    ]) {
      const res = await profile(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject(NOT_VALID);
    }
  });

  it('refuses a session id that belongs to another user', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const forged = await sign({ token_type: 'access', user_id: b.id, sid: claimsOf(a.access).sid, jti: 'x2' });
    expect((await profile(forged)).statusCode).toBe(401);
  });
});
