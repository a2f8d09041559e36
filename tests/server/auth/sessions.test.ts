import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailErrorSchema } from '../../../contract/errors.ts';
import { anyInstance, errorOf } from '../support/inject-json.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { nextIp, post, signedInUser } from '../support/auth.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const TOKEN_NOT_VALID = 'token_not_valid';

describe('sessions: list, end one, end all others', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const bearer = (access: string) => ({ authorization: `Bearer ${access}` });
  const list = (access: string, ip = nextIp()) => t.app.inject({ url: '/api/auth/sessions/', headers: bearer(access), remoteAddress: ip });
  const profile = (access: string) => t.app.inject({ url: '/api/auth/profile/', headers: bearer(access) });
  const endSession = (access: string, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${id}/`, headers: bearer(access) });

  /** Another login of the same account, from another browser and address. */
  async function loginFrom(u: { email: string; password: string }, userAgent: string, ip: string) {
    const res = await post(t, '/api/auth/login/', { email: u.email, password: u.password }, { ip, headers: { 'user-agent': userAgent } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ access: string; refresh: string }>();
  }

  it('lists every live session with its browser, address and times, the asking one first and marked current', async () => {
    const u = await signedInUser(t);
    const phone = await loginFrom(u, SAFARI, '192.0.2.7');
    const laptop = await loginFrom(u, FIREFOX, '198.51.100.4');
    const res = await list(laptop.access, '198.51.100.4');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const sessions = res.json<Record<string, unknown>[]>();
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toEqual({
      id: anyInstance(String),
      user_agent: FIREFOX,
      ip: '198.51.100.4',
      created_at: t.clock.now().toISOString(),
      last_used_at: t.clock.now().toISOString(),
      current: true,
    });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => s.user_agent === SAFARI)).toMatchObject({ ip: '192.0.2.7', current: false });
    // From the phone's own token, the phone's session is the current one.
    const fromPhone = (await list(phone.access)).json<Record<string, unknown>[]>();
    expect(fromPhone[0]).toMatchObject({ user_agent: SAFARI, current: true });
  });

  it('moves "last used" at most once a minute, with the address of that use', async () => {
    const u = await signedInUser(t);
    const opened = t.clock.now().toISOString();
    const mine = () => t.db.selectFrom('sessions').select(['last_used_at', 'ip']).where('user_id', '=', u.id).executeTakeFirstOrThrow();
    t.clock.advance(30_000);
    await list(u.access, '203.0.113.9');
    expect(await mine()).toMatchObject({ last_used_at: opened });
    t.clock.advance(31_000);
    await list(u.access, '203.0.113.9');
    const moved = t.clock.now().toISOString();
    expect(await mine()).toEqual({ last_used_at: moved, ip: '203.0.113.9' });
    t.clock.advance(20_000);
    await list(u.access);
    expect((await mine()).last_used_at).toBe(moved);
  });

  it('ends another session: its access token is refused at its next request, its refresh token too', async () => {
    const u = await signedInUser(t);
    const other = await loginFrom(u, SAFARI, nextIp());
    const sessions = (await list(u.access)).json<{ id: string; current: boolean }[]>();
    const target = sessions.find((s) => !s.current)!;
    expect((await profile(other.access)).statusCode).toBe(200);

    const res = await endSession(u.access, target.id);
    expect(res.statusCode).toBe(204);

    const refused = await profile(other.access);
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused, detailErrorSchema).code).toBe(TOKEN_NOT_VALID);
    expect((await post(t, '/api/auth/token/refresh/', { refresh: other.refresh })).statusCode).toBe(401);
    expect((await profile(u.access)).statusCode).toBe(200);
    expect((await list(u.access)).json<{ id: string }[]>().map((s) => s.id)).not.toContain(target.id);
  });

  it('answers 404 for a session of another account, an unknown one and one already ended, and leaves the other account signed in', async () => {
    const u = await signedInUser(t);
    const stranger = await signedInUser(t);
    const [strangers] = (await list(stranger.access)).json<{ id: string }[]>();

    const res = await endSession(u.access, strangers!.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Не найдено.' });
    expect((await profile(stranger.access)).statusCode).toBe(200);

    expect((await endSession(u.access, 'no-such-session')).statusCode).toBe(404);
    expect((await endSession(u.access, 'x'.repeat(300))).statusCode).toBe(404);
    const other = await loginFrom(u, FIREFOX, nextIp());
    const id = (await list(other.access)).json<{ id: string; current: boolean }[]>().find((s) => s.current)!.id;
    expect((await endSession(u.access, id)).statusCode).toBe(204);
    expect((await endSession(u.access, id)).statusCode).toBe(404);
  });

  it('ends every other session and keeps the asking one', async () => {
    const u = await signedInUser(t);
    const a = await loginFrom(u, SAFARI, nextIp());
    const b = await loginFrom(u, FIREFOX, nextIp());
    const stranger = await signedInUser(t);

    const res = await post(t, '/api/auth/sessions/revoke-others/', {}, { token: u.access });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Остальные сеансы завершены', revoked: 2 });

    expect((await profile(a.access)).statusCode).toBe(401);
    expect((await profile(b.access)).statusCode).toBe(401);
    expect((await profile(u.access)).statusCode).toBe(200);
    expect((await profile(stranger.access)).statusCode).toBe(200);
    const left = (await list(u.access)).json<{ current: boolean }[]>();
    expect(left).toEqual([expect.objectContaining({ current: true })]);
  });

  it('leaves out sessions that were logged out or whose refresh token has expired', async () => {
    const u = await signedInUser(t);
    const gone = await loginFrom(u, SAFARI, nextIp());
    await post(t, '/api/auth/logout/', { refresh: gone.refresh });
    expect((await list(u.access)).json()).toHaveLength(1);

    t.clock.advance(15 * 24 * 3600 * 1000); // past the 14-day refresh token
    const fresh = await loginFrom(u, FIREFOX, nextIp());
    const sessions = (await list(fresh.access)).json<{ user_agent: string }[]>();
    expect(sessions.map((s) => s.user_agent)).toEqual([FIREFOX]);
  });

  it('refuses every sessions endpoint without a valid access token', async () => {
    const u = await signedInUser(t);
    const [own] = (await list(u.access)).json<{ id: string }[]>();
    expect((await t.app.inject({ url: '/api/auth/sessions/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${own!.id}/` })).statusCode).toBe(401);
    expect((await post(t, '/api/auth/sessions/revoke-others/', {})).statusCode).toBe(401);
    expect((await profile(u.access)).statusCode).toBe(200);
  });
});
