import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { albumItemSchema, albumSchema } from '../../../contract/albums.ts';
import {
  audioRecordSchema,
  photoRecordSchema,
  videoRecordSchema,
  type AudioRecord,
  type MediaKind,
  type PhotoRecord,
  type VideoRecord,
} from '../../../contract/media.ts';
import { isForeignKeyViolation } from '../../../server/db/constraints.ts';
import { anyInstance, bodyOf, matching } from '../support/inject-json.ts';
import { createUser, pathOf } from '../support/media-fixtures.ts';
import { settle } from '../support/processing.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { mediaUploads } from '../support/uploads.ts';

type User = Awaited<ReturnType<typeof createUser>>;
type Album = z.infer<typeof albumSchema>;
interface Item {
  kind: MediaKind;
  id: number;
}

/** Every key of an answer is one the contract's schema names, and every key it names is there. */
function expectExactly(schema: z.ZodObject, value: unknown) {
  expect(schema.safeParse(value).error).toBeUndefined();
  expect(Object.keys(value as object).sort()).toEqual(Object.keys(schema.shape).sort());
}

/** Albums: items of any kind, in many albums at once; deleting an album leaves its media; only the owner's. */
describe('albums', () => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  let uploads: ReturnType<typeof mediaUploads>;
  let audio: AudioRecord;
  let photo: PhotoRecord;
  let video: VideoRecord;

  const call = (user: User | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const create = async (user: User, body: unknown = { title: 'Поездка' }) => {
    const res = await call(user, 'POST', '/api/albums/', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Album>();
  };
  const add = async (user: User, albumId: number, items: Item[]) => {
    const res = await call(user, 'POST', `/api/albums/${albumId}/items/`, { items });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Album>();
  };
  const album = async (user: User, albumId: number) => {
    const res = await call(user, 'GET', `/api/albums/${albumId}/`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Album>();
  };
  const items = async (user: User, albumId: number) => {
    const res = await call(user, 'GET', `/api/albums/${albumId}/items/`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<(Item & Record<string, unknown>)[]>();
  };
  const keys = (list: Item[]) => list.map((i) => `${i.kind}:${i.id}`);
  const ref = (kind: MediaKind, rec: { id: number }): Item => ({ kind, id: rec.id });

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
    uploads = mediaUploads(t);
    audio = matching(audioRecordSchema, await uploads.audio(alice, 'Голос моря'));
    photo = matching(photoRecordSchema, await uploads.photo(alice, 'Закат'));
    video = matching(videoRecordSchema, await uploads.video(alice, 'Волны'));
  }, 120_000);
  afterAll(() => t.close());

  it('creates an album: 201 with exactly the contract fields, empty, without a cover', async () => {
    const made = await create(alice, { title: '  Лето  ', description: 'Море и горы' });
    expectExactly(albumSchema, made);
    expect(made).toMatchObject({ title: 'Лето', description: 'Море и горы', item_count: 0, cover: null });
    expect(made.created_at).toBe(t.clock.now().toISOString());
    expect(await album(alice, made.id)).toEqual(made);
    expect((await create(alice, { title: 'Без описания' })).description).toBe('');
  });

  it('refuses a missing, blank or too long title and a bad body with field errors', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { title: ['Обязательное поле.'] }],
      [{ title: '   ' }, { title: ['Это поле не может быть пустым.'] }],
      [{ title: 'я'.repeat(256) }, { title: ['Убедитесь, что это значение содержит не более 255 символов.'] }],
      [{ title: null }, { title: ['Это поле не может быть null.'] }],
      [{ title: 'Да', description: 'д'.repeat(5001) }, { description: ['Убедитесь, что это значение содержит не более 5000 символов.'] }],
      [[1, 2], { non_field_errors: ['Некорректные данные. Ожидался объект.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await call(alice, 'POST', '/api/albums/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
  });

  it('holds items of every kind in the order added, each its kind’s record with working signed URLs', async () => {
    const trip = await create(alice, { title: 'Всё вместе' });
    const after = await add(alice, trip.id, [ref('audio', audio), ref('video', video), ref('photo', photo)]);
    expect(after.item_count).toBe(3);
    expect(after.updated_at).toBe(t.clock.now().toISOString());

    const list = await items(alice, trip.id);
    expect(keys(list)).toEqual([`audio:${audio.id}`, `video:${video.id}`, `photo:${photo.id}`]);
    for (const item of list) expect(albumItemSchema.safeParse(item).error).toBeUndefined();
    // The same record as the kind's own list shows.
    const own = bodyOf(await call(alice, 'GET', `/api/media/photo/${photo.id}/`), photoRecordSchema);
    expect(list[2]).toEqual({
      ...own,
      kind: 'photo',
      added_by: { id: alice.id, name: 'Тест Пользователь' },
      added_at: t.clock.now().toISOString(),
      owner: null,
      position: anyInstance(Number),
    });
    for (const url of [list[0]!.audio_file, list[1]!.playable, list[1]!.poster, list[2]!.thumbnail, list[2]!.file] as string[]) {
      expect((await t.app.inject({ url: pathOf(url) })).statusCode, url).toBe(200);
    }

    // Adding again (and twice in one request) keeps each item once, where it was.
    const again = await add(alice, trip.id, [ref('photo', photo), ref('audio', audio), ref('photo', photo)]);
    expect(again.item_count).toBe(3);
    expect(keys(await items(alice, trip.id))).toEqual(keys(list));
  });

  it('puts one item in many albums', async () => {
    const a = await create(alice, { title: 'Первый' });
    const b = await create(alice, { title: 'Второй' });
    await add(alice, a.id, [ref('audio', audio)]);
    await add(alice, b.id, [ref('audio', audio), ref('photo', photo)]);
    expect(keys(await items(alice, a.id))).toEqual([`audio:${audio.id}`]);
    expect(keys(await items(alice, b.id))).toEqual([`audio:${audio.id}`, `photo:${photo.id}`]);
  });

  it('lists the owner’s albums newest first, with counts and covers, and nobody else’s', async () => {
    t.clock.advance(1000);
    const newest = await create(alice, { title: 'Самый новый' });
    await add(alice, newest.id, [ref('video', video)]);
    const res = await call(alice, 'GET', '/api/albums/');
    expect(res.statusCode).toBe(200);
    const all = res.json<Album[]>();
    for (const one of all) expectExactly(albumSchema, one);
    expect(all[0]).toMatchObject({ id: newest.id, item_count: 1, cover: { kind: 'video', id: video.id } });
    expect((await t.app.inject({ url: pathOf(all[0]!.cover!.thumb_url!) })).statusCode).toBe(200);
    expect(all.map((x) => x.created_at)).toEqual([...all.map((x) => x.created_at)].sort().reverse());
    expect((await call(bob, 'GET', '/api/albums/')).json()).toEqual([]);
  });

  it('covers an album with the first photo or video added by default, or the item the owner chose', async () => {
    const mixed = await create(alice, { title: 'Обложка' });
    // A recording first: the cover is still the first picture.
    let now = await add(alice, mixed.id, [ref('audio', audio), ref('photo', photo), ref('video', video)]);
    expect(now.cover).toMatchObject({ kind: 'photo', id: photo.id });
    expect(now.cover!.thumb_url).toMatch(/^\/media\/u\/\d+\/photo\/.+-thumb\.webp\?exp=\d+&sig=/);

    const chosen = await call(alice, 'PATCH', `/api/albums/${mixed.id}/`, { cover: ref('video', video) });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(bodyOf(chosen, albumSchema).cover).toMatchObject({ kind: 'video', id: video.id });
    expect(bodyOf(chosen, albumSchema).cover!.thumb_url).toMatch(/-poster\.jpg\?/);
    expect((await album(alice, mixed.id)).cover).toMatchObject({ kind: 'video', id: video.id });

    // A recording as the cover has no picture.
    now = bodyOf(await call(alice, 'PATCH', `/api/albums/${mixed.id}/`, { cover: ref('audio', audio) }), albumSchema);
    expect(now.cover).toEqual({ kind: 'audio', id: audio.id, thumb_url: null });

    // Back to the default.
    now = bodyOf(await call(alice, 'PATCH', `/api/albums/${mixed.id}/`, { cover: null }), albumSchema);
    expect(now.cover).toMatchObject({ kind: 'photo', id: photo.id });

    // A cover must be an item of this album: another album's, another kind's id, or someone else's is refused.
    const elsewhere = matching(photoRecordSchema, await uploads.photo(alice, 'Не в альбоме'));
    const bobs = matching(photoRecordSchema, await uploads.photo(bob, 'Чужое'));
    for (const cover of [ref('photo', elsewhere), { kind: 'video', id: photo.id }, ref('photo', bobs)]) {
      const res = await call(alice, 'PATCH', `/api/albums/${mixed.id}/`, { cover, title: 'Не сохранится' });
      expect(res.statusCode, JSON.stringify(cover)).toBe(400);
      expect(res.json()).toEqual({ cover: ['Обложкой может быть только элемент этого альбома.'] });
    }
    expect((await album(alice, mixed.id)).title).toBe('Обложка');

    // Taking the chosen cover out of the album forgets it.
    await call(alice, 'PATCH', `/api/albums/${mixed.id}/`, { cover: ref('video', video) });
    const out = await call(alice, 'DELETE', `/api/albums/${mixed.id}/items/`, { items: [ref('video', video)] });
    expect(bodyOf(out, albumSchema).cover).toMatchObject({ kind: 'photo', id: photo.id });
    await add(alice, mixed.id, [ref('video', video)]);
    expect((await album(alice, mixed.id)).cover).toMatchObject({ kind: 'photo', id: photo.id });
  });

  it('renames and describes an album; an empty edit changes nothing', async () => {
    const one = await create(alice, { title: 'Старое' });
    t.clock.advance(1000);
    const res = await call(alice, 'PATCH', `/api/albums/${one.id}/`, { title: 'Новое', description: 'Описание' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Новое', description: 'Описание', updated_at: t.clock.now().toISOString() });
    expect(bodyOf(res, albumSchema).created_at).toBe(one.created_at);
    const same = await call(alice, 'PATCH', `/api/albums/${one.id}/`, {});
    expect(same.json()).toEqual(res.json());
    const blank = await call(alice, 'PATCH', `/api/albums/${one.id}/`, { title: '' });
    expect(blank.json()).toEqual({ title: ['Это поле не может быть пустым.'] });
  });

  it('a trashed item leaves every album view until it is restored, and comes back where it was', async () => {
    const shore = matching(photoRecordSchema, await uploads.photo(alice, 'Берег'));
    const box = await create(alice, { title: 'Корзина и альбом' });
    const other = await create(alice, { title: 'Другой альбом' });
    await add(alice, box.id, [ref('photo', shore), ref('audio', audio), ref('photo', photo)]);
    await add(alice, other.id, [ref('photo', shore)]);
    await call(alice, 'PATCH', `/api/albums/${box.id}/`, { cover: ref('photo', shore) });

    expect((await call(alice, 'DELETE', `/api/media/photo/${shore.id}/`)).statusCode).toBe(204);
    expect(keys(await items(alice, box.id))).toEqual([`audio:${audio.id}`, `photo:${photo.id}`]);
    expect(await album(alice, box.id)).toMatchObject({ item_count: 2, cover: { kind: 'photo', id: photo.id } });
    expect(await album(alice, other.id)).toMatchObject({ item_count: 0, cover: null });
    // Nor can it be added while it is in the trash.
    const refused = await call(alice, 'POST', `/api/albums/${other.id}/items/`, { items: [ref('photo', shore)] });
    expect(refused.statusCode).toBe(404);

    expect((await call(alice, 'POST', `/api/media/photo/${shore.id}/restore/`)).statusCode).toBe(200);
    expect(keys(await items(alice, box.id))).toEqual([`photo:${shore.id}`, `audio:${audio.id}`, `photo:${photo.id}`]);
    expect(await album(alice, box.id)).toMatchObject({ item_count: 3, cover: { kind: 'photo', id: shore.id } });
    expect((await album(alice, other.id)).item_count).toBe(1);
  });

  it('an item removed for good leaves its albums', async () => {
    const gone = matching(audioRecordSchema, await uploads.audio(alice, 'Навсегда'));
    const box = await create(alice, { title: 'Временный' });
    await add(alice, box.id, [ref('audio', gone), ref('photo', photo)]);
    await call(alice, 'PATCH', `/api/albums/${box.id}/`, { cover: ref('audio', gone) });
    await call(alice, 'DELETE', `/api/media/audio/${gone.id}/`);
    expect((await call(alice, 'DELETE', `/api/media/trash/audio/${gone.id}/`)).statusCode).toBe(204);
    await settle(t);
    expect(keys(await items(alice, box.id))).toEqual([`photo:${photo.id}`]);
    expect(await album(alice, box.id)).toMatchObject({ item_count: 1, cover: { kind: 'photo', id: photo.id } });
    const rows = await t.db.selectFrom('album_items').select('media_id').where('album_id', '=', box.id).execute();
    expect(rows.map((r) => r.media_id)).toEqual([photo.id]);
  });

  it('taking items out of an album leaves them in the vault', async () => {
    const box = await create(alice, { title: 'Разобрать' });
    await add(alice, box.id, [ref('audio', audio), ref('photo', photo)]);
    const res = await call(alice, 'DELETE', `/api/albums/${box.id}/items/`, { items: [ref('audio', audio), ref('video', video)] });
    expect(res.statusCode, res.body).toBe(200);
    expect(bodyOf(res, albumSchema).item_count).toBe(1);
    expect(keys(await items(alice, box.id))).toEqual([`photo:${photo.id}`]);
    expect((await call(alice, 'GET', `/api/media/audio/${audio.id}/`)).statusCode).toBe(200);
  });

  it('deleting an album leaves its media, in their lists and in the other albums', async () => {
    const box = await create(alice, { title: 'Удалить' });
    const keep = await create(alice, { title: 'Оставить' });
    await add(alice, box.id, [ref('audio', audio), ref('photo', photo), ref('video', video)]);
    await add(alice, keep.id, [ref('photo', photo)]);
    const res = await call(alice, 'DELETE', `/api/albums/${box.id}/`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await call(alice, 'GET', `/api/albums/${box.id}/`)).statusCode).toBe(404);
    expect((await call(alice, 'GET', `/api/albums/${box.id}/items/`)).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', `/api/albums/${box.id}/`)).statusCode).toBe(404);
    for (const [kind, rec] of [
      ['audio', audio],
      ['photo', photo],
      ['video', video],
    ] as const) {
      expect((await call(alice, 'GET', `/api/media/${kind}/${rec.id}/`)).statusCode).toBe(200);
    }
    expect(keys(await items(alice, keep.id))).toEqual([`photo:${photo.id}`]);
    expect((await t.app.inject({ url: pathOf(photo.thumbnail!) })).statusCode).toBe(200);
  });

  it("another user's album, or an item that is not theirs, is not found (404), and nothing changes", async () => {
    const mine = await create(alice, { title: 'Личное' });
    await add(alice, mine.id, [ref('photo', photo)]);
    const notFound = { detail: 'Не найдено.' };
    for (const [method, url, body] of [
      ['GET', `/api/albums/${mine.id}/`],
      ['PATCH', `/api/albums/${mine.id}/`, { title: 'Взлом' }],
      ['DELETE', `/api/albums/${mine.id}/`],
      ['GET', `/api/albums/${mine.id}/items/`],
      ['POST', `/api/albums/${mine.id}/items/`, { items: [ref('audio', audio)] }],
      ['DELETE', `/api/albums/${mine.id}/items/`, { items: [ref('photo', photo)] }],
    ] as const) {
      const res = await call(bob, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    expect(await album(alice, mine.id)).toMatchObject({ title: 'Личное', item_count: 1 });

    // Bob's album cannot take Alice's item, and a wrong kind names no item: the whole request adds nothing.
    const his = await create(bob, { title: 'Чужой' });
    const own = matching(audioRecordSchema, await uploads.audio(bob, 'Своё'));
    for (const list of [[ref('audio', own), ref('photo', photo)], [{ kind: 'photo', id: own.id }]] as Item[][]) {
      const res = await call(bob, 'POST', `/api/albums/${his.id}/items/`, { items: list });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    expect(await items(bob, his.id)).toEqual([]);
  });

  it('refuses bad item lists and paths, and strangers', async () => {
    const box = await create(alice, { title: 'Проверки' });
    const cases: [unknown, string][] = [
      [{}, 'Обязательное поле.'],
      [{ items: [] }, 'Этот список не может быть пустым.'],
      [{ items: [{ kind: 'book', id: 1 }] }, 'Некорректное значение.'],
      [{ items: [{ kind: 'photo', id: -1 }] }, 'Некорректное значение.'],
      [{ items: [{ kind: 'photo', id: 2 ** 40 }] }, 'Некорректное значение.'],
      [
        { items: Array.from({ length: 501 }, (_, i) => ({ kind: 'photo', id: i + 1 })) },
        'За один раз можно добавить или убрать не больше 500 элементов.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call(alice, 'POST', `/api/albums/${box.id}/items/`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ items: [message] });
    }
    for (const url of ['/api/albums/abc/', '/api/albums/0/', '/api/albums/99999999999/', '/api/albums/999999/items/']) {
      expect((await call(alice, 'GET', url)).statusCode, url).toBe(404);
    }
    for (const [method, url] of [
      ['GET', '/api/albums/'],
      ['POST', '/api/albums/'],
      ['GET', `/api/albums/${box.id}/items/`],
    ] as const) {
      const res = await call(null, method, url, method === 'POST' ? { title: 'x' } : undefined);
      expect(res.statusCode).toBe(401);
    }
  });

  it('tells a write naming an item removed meanwhile (a foreign key refused) on either database', async () => {
    // What a request racing a removal for good gets, and answers as 404 (albums and shares services).
    const box = await create(alice, { title: 'Гонка' });
    const now = t.clock.now().toISOString();
    const refused = await t.db
      .insertInto('album_items')
      .values({ album_id: box.id, media_id: 2_000_000_000, added_at: now })
      .execute()
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(isForeignKeyViolation(refused)).toBe(true);
    expect(isForeignKeyViolation(new Error('other'))).toBe(false);
    expect(keys(await items(alice, box.id))).toEqual([]);
  });

  it("deleting the account removes its albums, and their items' rows", async () => {
    const carol = await createUser(t, 'carol');
    const hers = matching(photoRecordSchema, await uploads.photo(carol, 'Кэрол'));
    const box = await create(carol, { title: 'Кэрол' });
    await add(carol, box.id, [ref('photo', hers)]);
    await t.db.deleteFrom('users').where('id', '=', carol.id).execute();
    expect(await t.db.selectFrom('albums').select('id').where('user_id', '=', carol.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('album_items').select('id').where('album_id', '=', box.id).execute()).toEqual([]);
  });
});
