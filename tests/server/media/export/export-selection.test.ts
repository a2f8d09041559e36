import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_ITEMS_MAX, EXPORT_MESSAGES, photoRecordSchema } from '../../../../contract/media.ts';
import { matching } from '../../support/inject-json.ts';
import { pathOf } from '../../support/media-fixtures.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { unzip } from '../../support/unzip.ts';
import { mediaUploads } from '../../support/uploads.ts';
import { post, signedInUser } from '../../support/auth.ts';

type Account = Awaited<ReturnType<typeof signedInUser>>;
type Item = { kind: 'audio' | 'photo' | 'video'; id: number };

/**
 * «Скачать» on a selection: POST /api/media/export/ {items} gives the same session-bound signed link as
 * «Скачать всё», to a ZIP of the chosen originals only. Only the caller's items outside the trash can be
 * chosen; the link names its items inside its signature.
 */
describe('the export of chosen items', () => {
  let t: TestApp;
  let alice: Account;
  let bob: Account;
  type Photo = { id: number; data: Buffer };
  let photos: Record<'sea' | 'hill' | 'town' | 'old' | 'bobs', Photo>;

  const bearer = (u: { access: string }) => ({ authorization: `Bearer ${u.access}` });
  const uploadPhoto = async (u: Account, title: string, background: string): Promise<Photo> => {
    const data = await sharp({ create: { width: 24, height: 16, channels: 3, background } })
      .png()
      .toBuffer();
    const record = matching(
      photoRecordSchema,
      await mediaUploads(t).file({ headers: bearer(u) }, 'photo', title, {
        field: 'file',
        name: `${title}.png`,
        type: 'image/png',
        data,
      }),
    );
    return { id: record.id, data };
  };
  const askExport = (u: { access: string }, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/media/export/',
      headers: bearer(u),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const exportOf = async (u: { access: string }, items: Item[]) => {
    const res = await askExport(u, { items });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json())).toEqual(['url']);
    return pathOf(res.json<{ url: string }>().url);
  };
  const namesIn = async (url: string) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode, res.body).toBe(200);
    return unzip(res.rawPayload);
  };
  const trash = async (u: Account, id: number) =>
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/photo/${id}/`, headers: bearer(u) })).statusCode).toBe(204);

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signedInUser(t);
    bob = await signedInUser(t);
    photos = {
      sea: await uploadPhoto(alice, 'Море', '#138'),
      hill: await uploadPhoto(alice, 'Холм', '#381'),
      town: await uploadPhoto(alice, 'Город', '#813'),
      old: await uploadPhoto(alice, 'Старое', '#888'),
      bobs: await uploadPhoto(bob, 'Чужое', '#333'),
    };
    await trash(alice, photos.old.id);
  });
  afterAll(() => t.close());

  it('zips only the chosen originals, byte for byte, each beside its details', async () => {
    const url = await exportOf(alice, [
      { kind: 'photo', id: photos.town.id },
      { kind: 'photo', id: photos.sea.id },
    ]);
    expect(url).toMatch(new RegExp(`^/api/media/export/${alice.id}/\\?exp=\\d+&g=s\\.[\\w-]+&items=[\\d.-]+&sig=[\\w-]+$`));
    const files = await namesIn(url);
    expect([...files.keys()]).toEqual([
      `Фото/Море (${photos.sea.id}).png`,
      `Фото/Море (${photos.sea.id}).json`,
      `Фото/Город (${photos.town.id}).png`,
      `Фото/Город (${photos.town.id}).json`,
    ]);
    expect(files.get(`Фото/Море (${photos.sea.id}).png`)!.equals(photos.sea.data)).toBe(true);
    expect(files.get(`Фото/Город (${photos.town.id}).png`)!.equals(photos.town.data)).toBe(true);
    // Without a body (or without items) the same request still gives everything outside the trash («Скачать всё»).
    for (const payload of [undefined, {}]) {
      const all = await askExport(alice, payload);
      expect(all.statusCode).toBe(200);
      expect((await namesIn(pathOf(all.json<{ url: string }>().url))).size).toBe(6);
    }
  });

  it('takes an item named twice once', async () => {
    const item = { kind: 'photo', id: photos.hill.id } as const;
    expect([...(await namesIn(await exportOf(alice, [item, item]))).keys()]).toEqual([
      `Фото/Холм (${photos.hill.id}).png`,
      `Фото/Холм (${photos.hill.id}).json`,
    ]);
  });

  it('refuses another user’s item, a trashed one, one of another kind or one that does not exist with 404, making no link', async () => {
    const refused: Item[][] = [
      [{ kind: 'photo', id: photos.bobs.id }],
      [
        { kind: 'photo', id: photos.sea.id },
        { kind: 'photo', id: photos.bobs.id },
      ],
      [{ kind: 'photo', id: photos.old.id }],
      [{ kind: 'video', id: photos.sea.id }],
      [{ kind: 'photo', id: 2_000_000_000 }],
    ];
    for (const items of refused) {
      const res = await askExport(alice, { items });
      expect(res.statusCode, JSON.stringify(items)).toBe(404);
      expect(res.json()).toEqual({ detail: 'Не найдено.' });
    }
  });

  it('refuses an empty list, too many items and malformed ones with 400 and field errors', async () => {
    const empty = await askExport(alice, { items: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ items: [EXPORT_MESSAGES.noItems] });

    const many = Array.from({ length: EXPORT_ITEMS_MAX + 1 }, (_, i) => ({ kind: 'photo', id: i + 1 }));
    const tooMany = await askExport(alice, { items: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ items: [EXPORT_MESSAGES.tooManyItems] });

    for (const items of [[{ kind: 'file', id: photos.sea.id }], [{ kind: 'photo', id: -1 }], [{ kind: 'photo', id: '1' }], 'all']) {
      const res = await askExport(alice, { items });
      expect(res.statusCode, JSON.stringify(items)).toBe(400);
      expect(Object.keys(res.json())).toEqual(['items']);
    }
    const nullItems = await askExport(alice, { items: null });
    expect(nullItems.statusCode).toBe(400);
    expect(Object.keys(nullItems.json())).toEqual(['items']);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/media/export/', payload: { items: [{ kind: 'photo', id: photos.sea.id }] } }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses a link whose items were changed or taken away (403), and another user’s link', async () => {
    const url = await exportOf(alice, [{ kind: 'photo', id: photos.sea.id }]);
    const items = new URL(url, 'http://x').searchParams.get('items')!;
    const altered = [
      url.replace(`items=${items}`, `items=${items}.${photos.hill.id}`),
      url.replace(`items=${items}`, `items=${photos.bobs.id}`),
      url.replace(`&items=${items}`, ''),
      url.replace(`/export/${alice.id}/`, `/export/${bob.id}/`),
    ];
    for (const u of altered) {
      const res = await t.app.inject({ url: u });
      expect(res.statusCode, u).toBe(403);
      expect(res.json()).toEqual({ detail: 'Доступ запрещён' });
    }
    // The untouched link still works.
    expect((await t.app.inject({ url })).statusCode).toBe(200);
  });

  it('leaves out what went to the trash since the link was made, and is not found once nothing is left', async () => {
    const pond = await uploadPhoto(alice, 'Пруд', '#0af');
    const field = await uploadPhoto(alice, 'Поле', '#fa0');
    const url = await exportOf(alice, [
      { kind: 'photo', id: pond.id },
      { kind: 'photo', id: field.id },
    ]);
    await trash(alice, pond.id);
    expect([...(await namesIn(url)).keys()]).toEqual([`Фото/Поле (${field.id}).png`, `Фото/Поле (${field.id}).json`]);
    await trash(alice, field.id);
    const gone = await t.app.inject({ url });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: 'Не найдено.' });
  });

  it('belongs to the session that asked: refused once that session has logged out', async () => {
    const login = await post(t, '/api/auth/login/', { email: alice.email, password: alice.password });
    expect(login.statusCode, login.body).toBe(200);
    const leaving = login.json<{ access: string; refresh: string }>();
    const url = await exportOf(leaving, [{ kind: 'photo', id: photos.sea.id }]);
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    expect((await post(t, '/api/auth/logout/', { refresh: leaving.refresh })).statusCode).toBe(200);
    const ended = await t.app.inject({ url });
    expect(ended.statusCode).toBe(403);
    expect(ended.json()).toEqual({ detail: 'Ссылка больше не действует: сеанс, в котором она получена, завершён.' });
    // The other session's link of the same items still works.
    expect((await t.app.inject({ url: await exportOf(alice, [{ kind: 'photo', id: photos.sea.id }]) })).statusCode).toBe(200);
  });
});
