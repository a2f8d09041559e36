import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { audioRecordSchema, photoRecordSchema, trashItemSchema } from '../../../../contract/media.ts';
import { signedInUser } from '../../support/auth.ts';
import { matching } from '../../support/inject-json.ts';
import { createUser, pathOf } from '../../support/media-fixtures.ts';
import { processed, settle } from '../../support/processing.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { solidPng, toneBytes } from '../../support/sample-files.ts';
import { storedFiles } from '../../support/test-storage.ts';
import { acceptedUpload, postMedia } from '../../support/uploads.ts';

type User = Awaited<ReturnType<typeof createUser>>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The trash: DELETE moves an item there for 30 days; it can come back, or go for good. */
/** Records once processed: the contract's, with the URLs of their files there (not null). */
const readyAudioSchema = audioRecordSchema.extend({ audio_file: z.string() });
const readyPhotoSchema = photoRecordSchema.extend({ file: z.string(), thumbnail: z.string(), preview: z.string() });

describe('the trash', () => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  let mp3: Buffer;

  const uploadAudio = async (user: User, title: string) => {
    const id = await acceptedUpload(t, user, 'audio', { title }, { filename: 'a.mp3', contentType: 'audio/mpeg', data: mp3 });
    const done = matching(readyAudioSchema, await processed(t, user, 'audio', id));
    return done;
  };
  /** A different picture each time: the same file twice would be refused as already kept. */
  let shade = 0;
  const uploadPhoto = async (user: User, title: string) => {
    shade += 1;
    const data = await solidPng(32, 24, { r: shade % 256, g: 170, b: 119 });
    const id = await acceptedUpload(t, user, 'photo', { title }, { filename: 'p.png', contentType: 'image/png', data });
    const done = matching(readyPhotoSchema, await processed(t, user, 'photo', id));
    return done;
  };
  const del = (user: User, kind: string, id: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/media/${kind}/${id}/`, headers: user.headers });
  const trash = async (user: User) => {
    const res = await t.app.inject({ url: '/api/media/trash/', headers: user.headers });
    expect(res.statusCode).toBe(200);
    return res.json<{ kind: string; id: number; title: string; deleted_at: string; purge_at: string }[]>();
  };
  const ids = async (user: User, kind: string) =>
    (await t.app.inject({ url: `/api/media/${kind}/`, headers: user.headers })).json<{ id: number }[]>().map((r) => r.id);
  const filesOf = async (user: User) => (await storedFiles(t)).filter((f) => f.startsWith(`u/${user.id}/`) && !f.includes('/avatar/'));

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
    mp3 = await toneBytes('mp3');
  });
  afterAll(() => t.close());

  it('DELETE moves the item to the trash: it leaves its list, its reads and edits, and its signed URLs answer 404', async () => {
    const rec = await uploadAudio(alice, 'В корзину');
    const files = await filesOf(alice);
    expect((await del(alice, 'audio', rec.id)).statusCode).toBe(204);

    expect(await ids(alice, 'audio')).not.toContain(rec.id);
    expect((await t.app.inject({ url: `/api/media/audio/${rec.id}/`, headers: alice.headers })).statusCode).toBe(404);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/media/audio/${rec.id}/`,
      headers: alice.headers,
      payload: { title: 'x' },
    });
    expect(patch.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/media/audio/${rec.id}/download/`, headers: alice.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/media/audio/${rec.id}/download-link/`, headers: alice.headers })).statusCode).toBe(404);
    expect((await del(alice, 'audio', rec.id)).statusCode).toBe(404);
    for (const url of [rec.audio_file]) {
      const res = await t.app.inject({ url: pathOf(url) });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Не найдено.' });
    }
    // The files stay until it is removed for good.
    expect(await filesOf(alice)).toEqual(files);
  });

  it('lists the trash with kind, deletion time, purge time 30 days on, and no file URLs but the thumbnail’s', async () => {
    const photo = await uploadPhoto(alice, 'Фото в корзину');
    const deletedAt = t.clock.now().toISOString();
    expect((await del(alice, 'photo', photo.id)).statusCode).toBe(204);
    const items = await trash(alice);
    const item = items.find((i) => i.kind === 'photo' && i.id === photo.id)!;
    expect(trashItemSchema.safeParse(item).error).toBeUndefined();
    expect(item).toMatchObject({ title: 'Фото в корзину', deleted_at: deletedAt, file: null, preview: null });
    expect((item as unknown as { thumbnail: string }).thumbnail).toMatch(/^\/media\/u\/\d+\/photo\/.+\?exp=\d+&t=1&sig=/);
    expect(new Date(item.purge_at).getTime() - new Date(item.deleted_at).getTime()).toBe(30 * DAY_MS);
    // Newest deletion first; nobody else's.
    expect(items[0]!.id).toBe(photo.id);
    expect(await trash(bob)).toEqual([]);
  });

  it('serves a trashed photo’s thumbnail by the trash’s URL, and nothing else by it; not once restored or purged', async () => {
    const rec = await uploadPhoto(alice, 'Узнать в корзине');
    await del(alice, 'photo', rec.id);
    const listed = (await trash(alice)).find((i) => i.id === rec.id) as unknown as { thumbnail: string };
    const thumb = await t.app.inject({ url: listed.thumbnail });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.rawPayload.length).toBeGreaterThan(0);
    // Its usual URL stays dead, and the trash's signature fits no other key (the preview, the full-size copy).
    expect((await t.app.inject({ url: pathOf(rec.thumbnail) })).statusCode).toBe(404);
    const query = listed.thumbnail.slice(listed.thumbnail.indexOf('?'));
    for (const other of [rec.preview, rec.file]) {
      expect((await t.app.inject({ url: `${pathOf(other).split('?')[0]}${query}` })).statusCode, other).toBe(403);
    }
    // Nor a plain URL's signature with the mark, nor the mark alone.
    expect((await t.app.inject({ url: `${pathOf(rec.thumbnail)}&t=1` })).statusCode).toBe(403);
    expect((await t.app.inject({ url: listed.thumbnail.replace('&t=1', '') })).statusCode).toBe(403);
    // Back from the trash, its usual URLs serve it and the trash's does not; removed for good, nothing does.
    await t.app.inject({ method: 'POST', url: `/api/media/photo/${rec.id}/restore/`, headers: alice.headers });
    expect((await t.app.inject({ url: listed.thumbnail })).statusCode).toBe(404);
    await del(alice, 'photo', rec.id);
    const again = (await trash(alice)).find((i) => i.id === rec.id) as unknown as { thumbnail: string };
    expect((await t.app.inject({ url: again.thumbnail })).statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `/api/media/trash/photo/${rec.id}/`, headers: alice.headers });
    expect((await t.app.inject({ url: again.thumbnail })).statusCode).toBe(404);
  });

  it('restores an item: back in its list with working URLs, and out of the trash', async () => {
    const rec = await uploadPhoto(alice, 'Вернуть');
    await del(alice, 'photo', rec.id);
    expect((await t.app.inject({ url: pathOf(rec.thumbnail) })).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'POST', url: `/api/media/photo/${rec.id}/restore/`, headers: alice.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: rec.id, title: 'Вернуть' });
    expect((await t.app.inject({ url: pathOf(res.json<{ thumbnail: string }>().thumbnail) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: pathOf(rec.thumbnail) })).statusCode).toBe(200);
    expect(await ids(alice, 'photo')).toContain(rec.id);
    expect((await trash(alice)).map((i) => i.id)).not.toContain(rec.id);
    // Not in the trash (any more), another owner's, another kind: nothing to restore.
    const again = await t.app.inject({ method: 'POST', url: `/api/media/photo/${rec.id}/restore/`, headers: alice.headers });
    expect(again.statusCode).toBe(404);
    await del(alice, 'photo', rec.id);
    expect((await t.app.inject({ method: 'POST', url: `/api/media/photo/${rec.id}/restore/`, headers: bob.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/media/audio/${rec.id}/restore/`, headers: alice.headers })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'POST', url: `/api/media/photo/${rec.id}/restore/` })).statusCode).toBe(401);
  });

  it('removes one item for good: its row and every file of it', async () => {
    const rec = await uploadAudio(alice, 'Навсегда');
    const before = await filesOf(alice);
    const url = `/api/media/trash/audio/${rec.id}/`;
    // Only what is in the trash can be removed for good.
    expect((await t.app.inject({ method: 'DELETE', url, headers: alice.headers })).statusCode).toBe(404);
    await del(alice, 'audio', rec.id);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bob.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/trash/photo/${rec.id}/`, headers: alice.headers })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/trash/sound/${rec.id}/`, headers: alice.headers })).statusCode).toBe(
      404,
    );

    const res = await t.app.inject({ method: 'DELETE', url, headers: alice.headers });
    expect(res.statusCode).toBe(204);
    await settle(t); // the files go by a job
    expect(before.length - (await filesOf(alice)).length).toBe(2); // the MP3 upload and the copy served without its tags
    expect((await trash(alice)).map((i) => i.id)).not.toContain(rec.id);
    expect(await t.db.selectFrom('media').select('id').where('id', '=', rec.id).executeTakeFirst()).toBeUndefined();
    expect((await t.app.inject({ method: 'DELETE', url, headers: alice.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/media/audio/${rec.id}/restore/`, headers: alice.headers })).statusCode).toBe(
      404,
    );
  });

  it('empties the trash: every trashed item of the owner goes, with its files; the rest stays', async () => {
    const kept = await uploadPhoto(alice, 'Остаётся');
    const a = await uploadAudio(alice, 'Первый');
    const b = await uploadPhoto(alice, 'Второй');
    const bobs = await uploadPhoto(bob, 'Чужой');
    await del(alice, 'audio', a.id);
    await del(alice, 'photo', b.id);
    await del(bob, 'photo', bobs.id);

    const res = await t.app.inject({ method: 'DELETE', url: '/api/media/trash/', headers: alice.headers });
    expect(res.statusCode).toBe(204);
    await settle(t); // the files go by jobs
    expect(await trash(alice)).toEqual([]);
    expect((await trash(bob)).map((i) => i.id)).toEqual([bobs.id]);
    expect(await ids(alice, 'photo')).toContain(kept.id);
    const keyOf = (url: string) =>
      pathOf(url)
        .split('?')[0]!
        .replace(/^\/media\//, '');
    const left = await filesOf(alice);
    expect(left).toContain(keyOf(kept.file));
    expect(left).not.toContain(keyOf(a.audio_file));
    expect(left.filter((f) => f.startsWith(keyOf(b.thumbnail).replace(/-[0-9a-f]{12}-thumb\.webp$/, '')))).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/media/trash/' })).statusCode).toBe(401);
  });

  it('keeps the files of avatars and of items outside the trash served', async () => {
    const rec = await uploadPhoto(alice, 'Живая');
    expect((await t.app.inject({ url: pathOf(rec.file) })).statusCode).toBe(200);
  });
  it('deleting the account removes everything at once, the trash included', async () => {
    const u = await signedInUser(t);
    const owner = { id: u.id, token: u.access, headers: { authorization: `Bearer ${u.access}` } };
    const kept = await uploadPhoto(owner, 'Живое');
    const trashed = await uploadAudio(owner, 'В корзине');
    await del(owner, 'audio', trashed.id);
    expect((await filesOf(owner)).length).toBeGreaterThan(0);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile/',
      headers: { ...owner.headers, 'x-hard-delete': 'true', 'x-delete-action': 'delete-account' },
      payload: { is_active: false, confirm_deletion: true, password: u.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.selectFrom('media').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
    await settle(t); // the files go by a job
    expect(await filesOf(owner)).toEqual([]);
    expect((await t.app.inject({ url: pathOf(kept.file) })).statusCode).toBe(404);
  });

  it('purges items 30 days after their deletion, not a moment before', async () => {
    const rec = await uploadPhoto(alice, 'Через 30 дней');
    await del(alice, 'photo', rec.id);
    const base = pathOf(rec.thumbnail)
      .split('?')[0]!
      .replace(/^\/media\//, '')
      .replace(/-[0-9a-f]{12}-thumb\.webp$/, ''); // the outputs carry their processing run's token
    expect((await filesOf(alice)).filter((f) => f.startsWith(base))).toHaveLength(3); // original, thumbnail, preview
    t.clock.advance(30 * DAY_MS - 1000);
    // (Tokens expire over a month: the rows are read from the database.)
    const row = () => t.db.selectFrom('media').select('id').where('id', '=', rec.id).executeTakeFirst();
    expect(await t.services.media.trash.purgeExpired()).toBe(0);
    expect(await row()).toBeDefined();
    t.clock.advance(1000);
    expect(await t.services.media.trash.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await row()).toBeUndefined();
    await settle(t); // the files go by a job
    expect((await filesOf(alice)).filter((f) => f.startsWith(base))).toEqual([]);
  });
});

describe('the periodic purge of the trash', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ app: { trashSweepEveryMs: 50 } });
  });
  afterAll(() => t.close());

  it('runs on its own and removes what was deleted 30 days ago', async () => {
    const user = await createUser(t);
    const png = await solidPng(8, 8, '#000');
    const rec = (await postMedia(t, user, 'photo', { title: 'старое' }, { filename: 'p.png', data: png })).json<{ id: number }>();
    await processed(t, user, 'photo', rec.id);
    await t.app.inject({ method: 'DELETE', url: `/api/media/photo/${rec.id}/`, headers: user.headers });
    t.clock.advance(31 * DAY_MS);
    await expect
      .poll(async () => (await t.db.selectFrom('media').select('id').where('id', '=', rec.id).executeTakeFirst()) ?? null, {
        timeout: 15_000,
      })
      .toBeNull();
    await t.services.media.background.idle();
    await settle(t); // the files go by a job
    expect((await storedFiles(t)).filter((f) => f.startsWith(`u/${user.id}/`))).toEqual([]);
  });
});
