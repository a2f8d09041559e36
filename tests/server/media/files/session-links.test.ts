import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../support/media-fixtures.ts';
import { processed } from '../../support/processing.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { solidPng } from '../../support/sample-files.ts';
import { acceptedUpload } from '../../support/uploads.ts';
import { changePassword, nextIp, post, signedInUser } from '../../support/auth.ts';

type Account = Awaited<ReturnType<typeof signedInUser>>;
const ENDED = { detail: 'Ссылка больше не действует: сеанс, в котором она получена, завершён.' };

/**
 * Export and download links belong to the session that asked for them: refused (403) once that session
 * ends — logout, password change or reset, ending it from the list, account deletion — and an hour at most.
 */
describe('links made for a session', () => {
  let t: TestApp;

  const bearer = (access: string) => ({ authorization: `Bearer ${access}` });
  /** Another session of the same account (a second device, or a thief's). */
  const anotherSession = async (u: Account) => {
    const res = await post(t, '/api/auth/login/', { email: u.email, password: u.password });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ access: string; refresh: string }>();
  };
  const uploadPhoto = async (access: string, title: string, background: string) => {
    const data = await solidPng(24, 16, background);
    const id = await acceptedUpload(t, { headers: bearer(access) }, 'photo', { title }, { filename: `${title}.png`, data });
    await processed(t, { headers: bearer(access) }, 'photo', id);
    return id;
  };
  const exportLink = async (access: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/media/export/', headers: bearer(access) });
    expect(res.statusCode, res.body).toBe(200);
    return pathOf(res.json<{ url: string }>().url);
  };
  const downloadLink = async (access: string, id: number) => {
    const res = await t.app.inject({ url: `/api/media/photo/${id}/download-link/?format=original`, headers: bearer(access) });
    expect(res.statusCode, res.body).toBe(200);
    return pathOf(res.json<{ url: string }>().url);
  };
  const expectEnded = async (url: string) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode, url).toBe(403);
    expect(res.json()).toEqual(ENDED);
    expect(res.headers['cache-control']).toBe('no-store');
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a thief’s export link stops when the owner changes the password, new uploads or not', async () => {
    const owner = await signedInUser(t);
    await uploadPhoto(owner.access, 'Первая', '#123');
    const thief = await anotherSession(owner);
    const stolenExport = await exportLink(thief.access);
    const stolenFile = await downloadLink(thief.access, await uploadPhoto(owner.access, 'Вторая', '#456'));
    expect((await t.app.inject({ url: stolenExport })).statusCode).toBe(200);
    expect((await t.app.inject({ url: stolenFile })).statusCode).toBe(200);

    const changed = await changePassword(t, owner, { new_password: 'a-brand-new-pass', new_password2: 'a-brand-new-pass' });
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh = changed.json<{ access: string }>();
    await uploadPhoto(fresh.access, 'Третья', '#789');
    await expectEnded(stolenExport);
    await expectEnded(stolenFile);
    // The range of a resumed download is refused too.
    const resumed = await t.app.inject({ url: stolenExport, headers: { range: 'bytes=10-' } });
    expect(resumed.statusCode).toBe(403);
    // The owner's own session makes links that work.
    expect((await t.app.inject({ url: await exportLink(fresh.access) })).statusCode).toBe(200);
  });

  it('stops at logout, when ended from the list, and after a password reset', async () => {
    const owner = await signedInUser(t);
    const id = await uploadPhoto(owner.access, 'Фото', '#abc');

    const leaving = await anotherSession(owner);
    const [exportAtLogout, fileAtLogout] = [await exportLink(leaving.access), await downloadLink(leaving.access, id)];
    expect((await post(t, '/api/auth/logout/', { refresh: leaving.refresh })).statusCode).toBe(200);
    await expectEnded(exportAtLogout);
    await expectEnded(fileAtLogout);

    const listed = await anotherSession(owner);
    const fileOfListed = await downloadLink(listed.access, id);
    const sessions = (await t.app.inject({ url: '/api/auth/sessions/', headers: bearer(listed.access) })).json<
      { id: string; current: boolean }[]
    >();
    const listedId = sessions.find((s) => s.current)!.id;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${listedId}/`, headers: bearer(owner.access) })).statusCode,
    ).toBe(204);
    await expectEnded(fileOfListed);
    // The session that ended it keeps its own links.
    const ownFile = await downloadLink(owner.access, id);
    expect((await t.app.inject({ url: ownFile })).statusCode).toBe(200);

    expect((await post(t, '/api/auth/reset-password/', { email: owner.email })).statusCode).toBe(200);
    const token = /token=([\w-]+)/.exec(t.mailer.last(owner.email)!.text)![1]!;
    const reset = await post(t, '/api/auth/reset-password/confirm/', { token, new_password: 'reset-password-1' }, { ip: nextIp() });
    expect(reset.statusCode, reset.body).toBe(200);
    await expectEnded(ownFile);
  });

  it('stops when the account is deleted', async () => {
    const owner = await signedInUser(t);
    const id = await uploadPhoto(owner.access, 'Фото', '#def');
    const [exported, file] = [await exportLink(owner.access), await downloadLink(owner.access, id)];
    const deleted = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile/',
      headers: { ...bearer(owner.access), 'x-hard-delete': 'true', 'x-delete-action': 'delete-account' },
      payload: { is_active: false, confirm_deletion: true, password: owner.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectEnded(exported);
    await expectEnded(file);
  });

  it('lives an hour at most, and cannot be moved to another session', async () => {
    const owner = await signedInUser(t);
    const id = await uploadPhoto(owner.access, 'Фото', '#fed');
    const other = await anotherSession(owner);
    const [exported, file] = [await exportLink(owner.access), await downloadLink(owner.access, id)];
    for (const url of [exported, file]) {
      const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
      const left = exp - Math.floor(t.clock.now().getTime() / 1000);
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(60 * 60);
    }
    // Signed for its own session: naming another live one of the same owner breaks the signature.
    const otherId = (await t.app.inject({ url: '/api/auth/sessions/', headers: bearer(other.access) }))
      .json<{ id: string; current: boolean }[]>()
      .find((s) => s.current)!.id;
    for (const url of [exported, file]) {
      const moved = url.replace(/g=s\.[\w-]+/, `g=s.${otherId}`);
      expect(moved).not.toBe(url);
      const res = await t.app.inject({ url: moved });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'Доступ запрещён' });
    }
    t.clock.advance(60 * 60 * 1000 + 1000);
    for (const url of [exported, file]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'Доступ запрещён' });
    }
  });
});
