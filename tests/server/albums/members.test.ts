import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumItemSchema, albumSchema, type Album } from '../../../contract/albums.ts';
import { albumMemberSchema, HOUSEHOLD_MESSAGES } from '../../../contract/household.ts';
import {
  audioRecordSchema,
  photoRecordSchema,
  videoRecordSchema,
  type AudioRecord,
  type PhotoRecord,
  type VideoRecord,
} from '../../../contract/media.ts';
import { matching } from '../support/inject-json.ts';
import { createUser, signIn } from '../support/media-fixtures.ts';
import { albumItems, callAs, expectUrls, fetchStatus, fileUrls, ref } from '../support/household.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { mediaUploads } from '../support/uploads.ts';

type User = Awaited<ReturnType<typeof createUser>> & { name: string };
const ENDED = HOUSEHOLD_MESSAGES.accessEnded;
const NOT_FOUND = { detail: 'Не найдено.' };

/**
 * Shared albums over HTTP, for each part a person may have in one: the owner, a contributor, a viewer, a
 * stranger and an ex-member. Nothing of the owner's reaches anyone but through the membership, and that stops
 * the moment it ends, the signed URLs included.
 */
describe('shared albums: members', () => {
  let t: TestApp;
  let call: ReturnType<typeof callAs>;
  let alice: User; // the owner
  let bob: User; // a contributor
  let carol: User; // a viewer
  let dave: User; // a stranger
  let uploads: ReturnType<typeof mediaUploads>;
  let audio: AudioRecord;
  let photo: PhotoRecord;
  let video: VideoRecord;
  let bobsAudio: AudioRecord;
  let carolsPhoto: PhotoRecord;

  const create = async (user: User, title = 'Семья') => {
    const res = await call(user, 'POST', '/api/albums/', { title });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Album>();
  };
  const invite = async (owner: User, albumId: number, who: User, role: 'viewer' | 'contributor') => {
    const res = await call(owner, 'POST', `/api/albums/${albumId}/members/`, { email: `${who.name}@example.com`, role });
    expect(res.statusCode, res.body).toBe(201);
    return res;
  };
  const add = (user: User, albumId: number, items: { kind: string; id: number }[]) =>
    call(user, 'POST', `/api/albums/${albumId}/items/`, { items });
  const forgetInvites = () => t.db.deleteFrom('rate_events').where('key', 'like', 'household-invite:%').execute();
  const albumsOf = async (user: User) => (await call(user, 'GET', '/api/albums/')).json<Album[]>();

  /** An album of Alice's three items, Bob a contributor, Carol a viewer. */
  const family = async (title = 'Семья') => {
    // Invitations are limited to 30 an hour (a test below checks it): each album starts the count anew.
    await forgetInvites();
    const album = await create(alice, title);
    expect((await add(alice, album.id, [ref('audio', audio), ref('photo', photo), ref('video', video)])).statusCode).toBe(200);
    await invite(alice, album.id, bob, 'contributor');
    await invite(alice, album.id, carol, 'viewer');
    return album;
  };

  beforeAll(async () => {
    t = await createTestApp();
    call = callAs(t);
    alice = Object.assign(await createUser(t, 'alice'), { name: 'alice' });
    bob = Object.assign(await createUser(t, 'bob'), { name: 'bob' });
    carol = Object.assign(await createUser(t, 'carol'), { name: 'carol' });
    dave = Object.assign(await createUser(t, 'dave'), { name: 'dave' });
    await t.db.updateTable('users').set({ first_name: 'Алиса', last_name: '' }).where('id', '=', alice.id).execute();
    uploads = mediaUploads(t);
    audio = matching(audioRecordSchema, await uploads.audio(alice, 'Колыбельная'));
    photo = matching(photoRecordSchema, await uploads.photo(alice, 'Пляж'));
    video = matching(videoRecordSchema, await uploads.video(alice, 'Первые шаги'));
    bobsAudio = matching(audioRecordSchema, await uploads.audio(bob, 'Голос Боба'));
    carolsPhoto = matching(photoRecordSchema, await uploads.photo(carol, 'Фото Кэрол'));
  }, 180_000);
  afterAll(() => t.close());

  it('invites an account by e-mail as a viewer or contributor, and e-mails it', async () => {
    const album = await create(alice, 'Дача');
    const res = await invite(alice, album.id, bob, 'contributor');
    const member = matching(albumMemberSchema, res.json());
    expect(member).toEqual({
      user: { id: bob.id, name: 'Тест Пользователь', email: 'bob@example.com', photo_url: null },
      role: 'contributor',
      added_at: t.clock.now().toISOString(),
    });
    const mail = t.mailer.last('bob@example.com')!;
    expect(mail.subject).toBe('Копилка: Алиса открыл(а) вам альбом «Дача»');
    expect(mail.text).toContain(`/albums/?id=${album.id}`);
    expect(mail.text).toContain('добавлять в него свои фото, видео и записи');

    const list = (await call(alice, 'GET', `/api/albums/${album.id}/members/`)).json<unknown>();
    expect(list).toEqual([
      { user: { id: alice.id, name: 'Алиса', email: 'alice@example.com', photo_url: null }, role: 'owner', added_at: album.created_at },
      member,
    ]);
    // Bob sees the people too, but not the others' addresses.
    await invite(alice, album.id, carol, 'viewer');
    const seenByBob = (await call(bob, 'GET', `/api/albums/${album.id}/members/`)).json<{ user: { email: string | null } }[]>();
    expect(seenByBob.map((m) => m.user.email)).toEqual([null, 'bob@example.com', null]);
  });

  it('refuses an unknown address (404), oneself, a member twice, a bad role', async () => {
    const album = await create(alice, 'Проверки');
    const unknown = await call(alice, 'POST', `/api/albums/${album.id}/members/`, { email: 'nobody@example.com', role: 'viewer' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Пользователь с таким e-mail не найден' });
    await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', dave.id).execute();
    const disabled = await call(alice, 'POST', `/api/albums/${album.id}/members/`, { email: 'dave@example.com', role: 'viewer' });
    expect(disabled.json()).toEqual({ detail: 'Пользователь с таким e-mail не найден' });
    await t.db.updateTable('users').set({ is_active: 1 }).where('id', '=', dave.id).execute();
    const cases: [unknown, Record<string, string[]>][] = [
      [{ email: 'alice@example.com', role: 'viewer' }, { email: ['Нельзя пригласить самого себя.'] }],
      [{ email: 'bob@example.com', role: 'owner' }, { role: ['Выберите роль: «Просмотр» или «Участник».'] }],
      [{ email: 'bob@example.com' }, { role: ['Обязательное поле.'] }],
      [{ role: 'viewer' }, { email: ['Обязательное поле.'] }],
      [{ email: 'не адрес', role: 'viewer' }, { email: ['Введите корректный email'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await call(alice, 'POST', `/api/albums/${album.id}/members/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    await invite(alice, album.id, bob, 'viewer');
    const again = await call(alice, 'POST', `/api/albums/${album.id}/members/`, { email: 'BOB@example.com ', role: 'contributor' });
    expect(again.json()).toEqual({ email: ['Этот пользователь уже участвует в альбоме.'] });
  });

  it('lists the album under the member’s albums with its owner and their role; its items with who added them', async () => {
    const album = await family('Лето');
    const seen = (await albumsOf(bob)).find((a) => a.id === album.id)!;
    expect(albumSchema.safeParse(seen).error).toBeUndefined();
    expect(seen).toMatchObject({
      title: 'Лето',
      item_count: 3,
      owner: { id: alice.id, name: 'Алиса', photo_url: null },
      role: 'contributor',
      allow_download: false,
      cover: { kind: 'photo', id: photo.id },
    });
    expect(seen.cover!.thumb_url).toMatch(/[?&]g=m\.\d+-\d+&/);
    expect((await fetchStatus(t, seen.cover!.thumb_url!)).status).toBe(200);
    expect((await albumsOf(carol)).find((a) => a.id === album.id)).toMatchObject({ role: 'viewer' });
    expect((await albumsOf(alice)).find((a) => a.id === album.id)).toMatchObject({ role: 'owner', owner: null });
    expect((await albumsOf(dave)).find((a) => a.id === album.id)).toBeUndefined();

    const items = await albumItems(t, carol, album.id);
    for (const item of items) expect(albumItemSchema.safeParse(item).error).toBeUndefined();
    expect(items.map((i) => `${i.kind}:${i.id}`)).toEqual([`audio:${audio.id}`, `photo:${photo.id}`, `video:${video.id}`]);
    for (const item of items) {
      expect(item).toMatchObject({
        added_by: { id: alice.id, name: 'Алиса' },
        owner: { id: alice.id, name: 'Алиса' },
        sha256: null,
        is_favorite: false,
        download_url: null,
      });
      for (const url of fileUrls(item)) expect(url, url).toMatch(/[?&]g=m\.\d+-\d+&sig=/);
    }
    expect(items[0]!.original_file).toBeNull();
    await expectUrls(t, items.flatMap(fileUrls), 200);
    // Such a file is asked for again every time: nothing stays in the browser once the sharing ends.
    expect((await fetchStatus(t, fileUrls(items[1]!)[0]!)).cache).toBe('private, no-cache');
  });

  it('a contributor adds and takes out their own items of any kind, which everyone sees as theirs', async () => {
    const album = await family('Вместе');
    const added = await add(bob, album.id, [ref('audio', bobsAudio)]);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<Album>()).toMatchObject({ item_count: 4, role: 'contributor' });

    const forAlice = await albumItems(t, alice, album.id);
    const bobs = forAlice.find((i) => i.id === bobsAudio.id)!;
    expect(bobs).toMatchObject({ kind: 'audio', added_by: { id: bob.id }, owner: { id: bob.id }, original_file: null, sha256: null });
    expect(bobs.audio_file).toMatch(/[?&]g=a\.\d+-\d+&sig=/);
    await expectUrls(t, fileUrls(bobs), 200);
    const forCarol = (await albumItems(t, carol, album.id)).find((i) => i.id === bobsAudio.id)!;
    await expectUrls(t, fileUrls(forCarol), 200);
    // Bob sees his own as his: plain URLs, his own download.
    const forBob = (await albumItems(t, bob, album.id)).find((i) => i.id === bobsAudio.id)!;
    expect(forBob).toMatchObject({ owner: null, added_by: { id: bob.id }, download_url: `/api/media/audio/${bobsAudio.id}/download/` });
    expect(forBob.audio_file).toMatch(/^\/media\/u\/\d+\/audio\/[^?]+\?exp=\d+&sig=/);

    const out = await call(bob, 'DELETE', `/api/albums/${album.id}/items/`, { items: [ref('audio', bobsAudio)] });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json<Album>().item_count).toBe(3);
    expect((await call(bob, 'GET', `/api/media/audio/${bobsAudio.id}/`)).statusCode).toBe(200);
  });

  it('a contributor never adds or takes out anyone else’s items, nor deletes or edits their media', async () => {
    const album = await family('Чужое');
    const notFound = await add(bob, album.id, [ref('photo', photo)]);
    expect(notFound.statusCode).toBe(404);
    const mixed = await add(bob, album.id, [ref('audio', bobsAudio), ref('photo', carolsPhoto)]);
    expect(mixed.statusCode).toBe(404);
    const takeOut = await call(bob, 'DELETE', `/api/albums/${album.id}/items/`, { items: [ref('photo', photo), ref('audio', bobsAudio)] });
    expect(takeOut.statusCode).toBe(403);
    expect(takeOut.json()).toEqual({ detail: 'Убрать из общего альбома можно только свои элементы.' });
    expect((await albumItems(t, alice, album.id)).length).toBe(3);
    for (const [method, url, body] of [
      ['DELETE', `/api/media/photo/${photo.id}/`],
      ['PATCH', `/api/media/photo/${photo.id}/`, { title: 'Взлом' }],
      ['POST', `/api/media/photo/${photo.id}/`, { _method: 'DELETE' }],
      ['GET', `/api/media/photo/${photo.id}/download-link/`],
      ['POST', `/api/media/photo/${photo.id}/restore/`],
    ] as const) {
      expect((await call(bob, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(alice, 'GET', `/api/media/photo/${photo.id}/`)).json()).toMatchObject({ title: 'Пляж' });
  });

  it('a viewer only looks: adding or taking out is 403, and so is everything only the owner does', async () => {
    const album = await family('Только смотреть');
    const viewerAdd = await add(carol, album.id, [ref('photo', carolsPhoto)]);
    expect(viewerAdd.statusCode).toBe(403);
    expect(viewerAdd.json()).toEqual({ detail: 'Добавлять и убирать элементы могут только участники с ролью «Участник».' });
    const ownerOnly = { detail: 'Это может сделать только владелец альбома.' };
    for (const member of [bob, carol]) {
      for (const [method, url, body] of [
        ['PATCH', `/api/albums/${album.id}/`, { title: 'Взлом' }],
        ['PATCH', `/api/albums/${album.id}/`, { allow_download: true }],
        ['DELETE', `/api/albums/${album.id}/`],
        ['POST', `/api/albums/${album.id}/members/`, { email: 'dave@example.com', role: 'viewer' }],
        ['PATCH', `/api/albums/${album.id}/members/${carol.id}/`, { role: 'contributor' }],
        ['DELETE', `/api/albums/${album.id}/members/${bob.id}/`],
      ] as const) {
        const res = await call(member, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual(ownerOnly);
      }
      // A link of the album is the owner's to make.
      const link = await call(member, 'POST', '/api/shares/', { target: { album: album.id }, expires_in_days: 7, allow_download: false });
      expect(link.statusCode).toBe(404);
    }
    expect((await call(alice, 'GET', `/api/albums/${album.id}/`)).json()).toMatchObject({
      title: 'Только смотреть',
      allow_download: false,
    });
    expect((await call(alice, 'GET', `/api/albums/${album.id}/members/`)).json()).toHaveLength(3);
  });

  it('a stranger finds nothing of the album (404), whatever they ask', async () => {
    const album = await family('Не для всех');
    for (const [method, url, body] of [
      ['GET', `/api/albums/${album.id}/`],
      ['GET', `/api/albums/${album.id}/items/`],
      ['GET', `/api/albums/${album.id}/members/`],
      ['POST', `/api/albums/${album.id}/items/`, { items: [ref('photo', carolsPhoto)] }],
      ['DELETE', `/api/albums/${album.id}/items/`, { items: [ref('photo', photo)] }],
      ['POST', `/api/albums/${album.id}/members/`, { email: 'dave@example.com', role: 'viewer' }],
      ['PATCH', `/api/albums/${album.id}/members/${bob.id}/`, { role: 'viewer' }],
      ['DELETE', `/api/albums/${album.id}/members/${bob.id}/`],
      ['DELETE', `/api/albums/${album.id}/members/me/`],
      ['GET', `/api/albums/${album.id}/items/photo/${photo.id}/download/`],
      ['GET', `/api/albums/${album.id}/items/photo/${photo.id}/download-link/`],
    ] as const) {
      const res = await call(dave, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    for (const [method, url] of [
      ['GET', `/api/albums/${album.id}/members/`],
      ['POST', `/api/albums/${album.id}/members/`],
      ['DELETE', `/api/albums/${album.id}/members/me/`],
    ] as const) {
      expect((await call(null, method, url)).statusCode).toBe(401);
    }
  });

  it('a member reaches only that album: another album’s items, or an item of the owner not in it, stay unreachable', async () => {
    const shared = await family('Общий');
    const secret = await create(alice, 'Личный');
    const hidden = matching(photoRecordSchema, await uploads.photo(alice, 'Личное фото'));
    await add(alice, secret.id, [ref('photo', hidden)]);
    expect((await call(bob, 'GET', `/api/albums/${secret.id}/items/`)).statusCode).toBe(404);
    expect((await call(bob, 'GET', `/api/albums/${shared.id}/items/photo/${hidden.id}/download-link/`)).statusCode).toBe(404);
    // Bob's URL of a shared photo, pointed at another file: the signature no longer holds.
    const [item] = (await albumItems(t, bob, shared.id)).filter((i) => i.kind === 'photo');
    const url = fileUrls(item!)[0]!;
    const other = url.replace(/g=m\.(\d+)-\d+/, `g=m.$1-${hidden.id}`);
    expect((await fetchStatus(t, other)).status).toBe(403);
    expect((await fetchStatus(t, other)).detail).toBe('Доступ запрещён');
  });

  it('removing a member stops their access at once, old signed URLs included, and their items leave the album', async () => {
    const album = await family('Бывшие');
    await add(bob, album.id, [ref('audio', bobsAudio)]);
    const bobsView = await albumItems(t, bob, album.id);
    const bobsCover = (await albumsOf(bob)).find((a) => a.id === album.id)!.cover!.thumb_url!;
    const aliceSeesBobs = (await albumItems(t, alice, album.id)).find((i) => i.id === bobsAudio.id)!;
    const carolSeesBobs = (await albumItems(t, carol, album.id)).find((i) => i.id === bobsAudio.id)!;

    const removed = await call(alice, 'DELETE', `/api/albums/${album.id}/members/${bob.id}/`);
    expect(removed.statusCode).toBe(204);
    await expectUrls(t, [...bobsView.filter((i) => i.owner !== null).flatMap(fileUrls), bobsCover], 403, ENDED);
    for (const [method, url] of [
      ['GET', `/api/albums/${album.id}/`],
      ['GET', `/api/albums/${album.id}/items/`],
      ['GET', `/api/albums/${album.id}/members/`],
      ['DELETE', `/api/albums/${album.id}/members/me/`],
    ] as const) {
      expect((await call(bob, method, url)).statusCode, url).toBe(404);
    }
    expect(await add(bob, album.id, [ref('audio', bobsAudio)]).then((r) => r.statusCode)).toBe(404);
    expect((await albumsOf(bob)).find((a) => a.id === album.id)).toBeUndefined();
    // His items went with him: out of everyone's view, and the URLs others were shown stop too.
    expect((await albumItems(t, alice, album.id)).map((i) => i.id)).not.toContain(bobsAudio.id);
    await expectUrls(t, [...fileUrls(aliceSeesBobs), ...fileUrls(carolSeesBobs)], 403, ENDED);
    expect((await call(bob, 'GET', `/api/media/audio/${bobsAudio.id}/`)).statusCode).toBe(200);
    expect((await call(alice, 'DELETE', `/api/albums/${album.id}/members/${bob.id}/`)).statusCode).toBe(404);
  });

  it('the owner trashing an item stops the members’ URLs of it at once; a restore brings it back', async () => {
    const mine = matching(photoRecordSchema, await uploads.photo(alice, 'Скоро в корзину'));
    const album = await family('Корзина');
    await add(alice, album.id, [ref('photo', mine)]);
    const seen = (await albumItems(t, carol, album.id)).find((i) => i.id === mine.id)!;
    await expectUrls(t, fileUrls(seen), 200);
    expect((await call(alice, 'DELETE', `/api/media/photo/${mine.id}/`)).statusCode).toBe(204);
    await expectUrls(t, fileUrls(seen), 403, ENDED);
    expect((await albumItems(t, carol, album.id)).map((i) => i.id)).not.toContain(mine.id);
    expect((await call(alice, 'POST', `/api/media/photo/${mine.id}/restore/`)).statusCode).toBe(200);
    expect((await albumItems(t, carol, album.id)).map((i) => i.id)).toContain(mine.id);
    // A trashed item's id given to the album by a member is no item at all.
    const bobsPhoto = matching(photoRecordSchema, await uploads.photo(bob, 'В корзине'));
    await call(bob, 'DELETE', `/api/media/photo/${bobsPhoto.id}/`);
    expect((await add(bob, album.id, [ref('photo', bobsPhoto)])).statusCode).toBe(404);
  });

  it('a member leaves (the owner cannot), and an owner changes roles', async () => {
    const album = await family('Роли');
    const seen = await albumItems(t, carol, album.id);
    expect((await call(alice, 'DELETE', `/api/albums/${album.id}/members/me/`)).json()).toEqual({
      detail: 'Владелец не может выйти из своего альбома: его можно удалить.',
    });
    const promoted = await call(alice, 'PATCH', `/api/albums/${album.id}/members/${carol.id}/`, { role: 'contributor' });
    expect(promoted.json()).toMatchObject({ user: { id: carol.id }, role: 'contributor' });
    expect((await add(carol, album.id, [ref('photo', carolsPhoto)])).statusCode).toBe(200);
    await call(alice, 'PATCH', `/api/albums/${album.id}/members/${carol.id}/`, { role: 'viewer' });
    expect((await add(carol, album.id, [ref('photo', carolsPhoto)])).statusCode).toBe(403);
    // A viewer again keeps what she added while she stays.
    expect((await albumItems(t, alice, album.id)).map((i) => i.id)).toContain(carolsPhoto.id);
    expect((await call(alice, 'PATCH', `/api/albums/${album.id}/members/${dave.id}/`, { role: 'viewer' })).statusCode).toBe(404);

    expect((await call(carol, 'DELETE', `/api/albums/${album.id}/members/me/`)).statusCode).toBe(204);
    await expectUrls(t, seen.flatMap(fileUrls), 403, ENDED);
    expect((await albumItems(t, alice, album.id)).map((i) => i.id)).not.toContain(carolsPhoto.id);
    expect((await call(carol, 'GET', `/api/albums/${album.id}/`)).statusCode).toBe(404);
  });

  it('members download others’ items only while the owner allows it, by a link that lasts as the membership', async () => {
    const album = await family('Скачать');
    const url = `/api/albums/${album.id}/items/photo/${photo.id}/download/`;
    const refused = await call(carol, 'GET', url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'Владелец альбома не разрешил скачивание.' });
    const allowed = await call(alice, 'PATCH', `/api/albums/${album.id}/`, { allow_download: true });
    expect(allowed.json()).toMatchObject({ allow_download: true });
    const item = (await albumItems(t, carol, album.id)).find((i) => i.id === photo.id)!;
    expect(item.download_url).toBe(url);
    const file = await call(carol, 'GET', url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    const link = (await call(carol, 'GET', `${url.replace(/download\/$/, 'download-link/')}`)).json<{ url: string }>().url;
    expect(link).toMatch(/&g=m\.\d+-\d+&sig=/);
    expect((await fetchStatus(t, link)).status).toBe(200);
    await call(alice, 'DELETE', `/api/albums/${album.id}/members/${carol.id}/`);
    expect((await fetchStatus(t, link)).status).toBe(403);
  });

  it('deleting the album ends every member’s access; an item left by someone who no longer shares it shows to nobody', async () => {
    const album = await family('Удаляемый');
    const seen = await albumItems(t, carol, album.id);
    // A row of Dave's, who is no member (what a request racing his removal could leave).
    const davesPhoto = matching(photoRecordSchema, await uploads.photo(dave, 'Дэйв'));
    await t.db
      .insertInto('album_items')
      .values({ album_id: album.id, media_id: davesPhoto.id, added_at: t.clock.now().toISOString() })
      .execute();
    expect((await albumItems(t, alice, album.id)).map((i) => i.id)).not.toContain(davesPhoto.id);
    expect((await call(alice, 'GET', `/api/albums/${album.id}/`)).json()).toMatchObject({ item_count: 3 });

    expect((await call(alice, 'DELETE', `/api/albums/${album.id}/`)).statusCode).toBe(204);
    await expectUrls(t, seen.flatMap(fileUrls), 403, ENDED);
    expect((await call(carol, 'GET', `/api/albums/${album.id}/items/`)).statusCode).toBe(404);
  });

  it('pages an album: ?limit= and ?after= the last position, in the order added', async () => {
    const album = await family('Страницы');
    await add(bob, album.id, [ref('audio', bobsAudio)]);
    const all = await albumItems(t, carol, album.id);
    const first = await albumItems(t, carol, album.id, '?limit=2');
    const rest = await albumItems(t, carol, album.id, `?limit=2&after=${first[1]!.position}`);
    const last = await albumItems(t, carol, album.id, `?limit=2&after=${rest[1]!.position}`);
    expect([...first, ...rest].map((i) => i.id)).toEqual(all.map((i) => i.id));
    expect(last).toEqual([]);
    for (const query of ['?limit=0', '?limit=501', '?limit=x', '?after=-1']) {
      const res = await call(carol, 'GET', `/api/albums/${album.id}/items/${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('deleting a member’s account takes their membership and their items in the album with it', async () => {
    const erin = Object.assign(await createUser(t, 'erin'), { name: 'erin' });
    const hers = matching(photoRecordSchema, await uploads.photo(erin, 'Эрин'));
    const album = await family('Эрин');
    await invite(alice, album.id, erin, 'contributor');
    await add(erin, album.id, [ref('photo', hers)]);
    await t.db.deleteFrom('users').where('id', '=', erin.id).execute();
    expect(await t.db.selectFrom('album_members').select('id').where('user_id', '=', erin.id).execute()).toEqual([]);
    expect((await albumItems(t, alice, album.id)).map((i) => i.id)).not.toContain(hers.id);
  });

  it('shows the people’s avatars through the album while they share it, and not after', async () => {
    const face = async (user: User) => {
      const key = `u/${user.id}/avatar/face-${user.id}.webp`;
      await t.storage.put(key, Readable.from([Buffer.from(`face of ${user.name}`)]));
      await t.db.updateTable('users').set({ photo_key: key }).where('id', '=', user.id).execute();
    };
    await face(alice);
    await face(carol);
    const album = await family('Лица');
    const ownerFace = (await albumsOf(carol)).find((a) => a.id === album.id)!.owner!.photo_url!;
    expect(ownerFace).toMatch(/[?&]g=m\.\d+&sig=/);
    const people = (await call(bob, 'GET', `/api/albums/${album.id}/members/`)).json<
      { user: { id: number; photo_url: string | null } }[]
    >();
    const carolsFace = people.find((p) => p.user.id === carol.id)!.user.photo_url!;
    const seenByOwner = (await call(alice, 'GET', `/api/albums/${album.id}/members/`)).json<
      { user: { id: number; photo_url: string | null } }[]
    >();
    const carolForAlice = seenByOwner.find((p) => p.user.id === carol.id)!.user.photo_url!;
    expect(carolForAlice).toMatch(/[?&]g=a\.\d+&sig=/);
    await expectUrls(t, [ownerFace, carolsFace, carolForAlice], 200);
    // A face grant reaches no item: the same grant on a photo's file is refused by its signature.
    expect((await fetchStatus(t, ownerFace.replace(/avatar\/[^?]+/, `photo/x.jpg`))).status).toBe(403);
    await call(carol, 'DELETE', `/api/albums/${album.id}/members/me/`);
    await expectUrls(t, [ownerFace, carolForAlice], 403, ENDED);
    // Bob still sees Alice's face, not Carol's, who left.
    await expectUrls(t, [carolsFace], 403, ENDED);
    await t.db.updateTable('users').set({ photo_key: null }).where('id', 'in', [alice.id, carol.id]).execute();
  });

  it('counts invitations, to known and unknown addresses alike: 30 an hour, then 429', async () => {
    await forgetInvites();
    const album = await create(alice, 'Счёт');
    for (let i = 0; i < 30; i++) {
      const res = await call(alice, 'POST', `/api/albums/${album.id}/members/`, { email: `nobody${i}@example.com`, role: 'viewer' });
      expect(res.statusCode).toBe(404);
    }
    const over = await call(alice, 'POST', `/api/albums/${album.id}/members/`, { email: 'bob@example.com', role: 'viewer' });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    t.clock.advance(60 * 60 * 1000 + 1);
    const later = { headers: (await signIn(t, alice.id)).headers };
    expect((await call(later, 'POST', `/api/albums/${album.id}/members/`, { email: 'bob@example.com', role: 'viewer' })).statusCode).toBe(
      201,
    );
  });
});
