import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { albumSchema } from '../../../contract/albums.ts';
import { audioRecordSchema, photoRecordSchema, videoRecordSchema } from '../../../contract/media.ts';
import { shareSchema, type SharedView } from '../../../contract/shares.ts';
import { itemRef } from '../../../server/shares/refs.ts';
import { signSharedMediaPath } from '../../../server/shares/signing.ts';
import { signedInUser } from '../support/auth.ts';
import { bodyOf, matching } from '../support/inject-json.ts';
import { createUser, signIn } from '../support/media-fixtures.ts';
import { settle } from '../support/processing.ts';
import { INVALID_LINK, shareSteps } from '../support/shares.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { mediaUploads } from '../support/uploads.ts';

type User = Awaited<ReturnType<typeof createUser>>;
const HOUR_MS = 60 * 60 * 1000;
const shareListSchema = z.array(shareSchema);

/**
 * What stops a link and every media URL it handed out at once: expiry, the item in the trash (until it
 * is restored), the item or album deleted, the account deleted. An album link shows only its album's live items.
 */
describe('share links stop at once', () => {
  let t: TestApp;
  let alice: User;
  let uploads: ReturnType<typeof mediaUploads>;
  let s: ReturnType<typeof shareSteps>;

  const as = (user: User) => ({
    call: (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
      t.app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload: payload as object }) }),
  });
  const expectInvalid = async (token: string) => {
    const res = await s.open(token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(INVALID_LINK);
  };
  /** The items of a view by kind and title (their ids in it are the link's own opaque names). */
  const ids = (view: SharedView) => view.items.map((i) => `${i.kind}:${i.title}`);

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
    uploads = mediaUploads(t);
    s = shareSteps(t);
  }, 60_000);
  afterAll(() => t.close());

  it('a one-day link works for a day, then it and its URLs answer 404 (test clock)', async () => {
    const rec = matching(audioRecordSchema, await uploads.audio(alice, 'На день'));
    const share = await s.make(alice, { kind: 'audio', id: rec.id }, { expires_in_days: 1, allow_download: true });
    t.clock.advance(23 * HOUR_MS);
    const urls = s.urlsOf(await s.view(share.token));
    await s.expectServed(urls);
    t.clock.advance(HOUR_MS);
    await expectInvalid(share.token);
    await s.expectGone(urls);
    alice = await signIn(t, alice.id);
    const listed = bodyOf(await as(alice).call('GET', '/api/shares/'), shareListSchema).find((x) => x.id === share.id)!;
    expect(listed.active).toBe(false);
  });

  it('a link without expiry keeps working (its media URLs are signed anew at each opening)', async () => {
    const rec = matching(photoRecordSchema, await uploads.photo(alice, 'Навсегда'));
    const share = await s.make(alice, { kind: 'photo', id: rec.id });
    const before = s.urlsOf(await s.view(share.token));
    t.clock.advance(400 * 24 * HOUR_MS);
    // An old URL runs out as every signed URL does (403); the link itself opens with fresh ones.
    expect((await s.fetch(before[0]!)).statusCode).toBe(403);
    await s.expectServed(s.urlsOf(await s.view(share.token)));
    alice = await signIn(t, alice.id);
  });

  it('a trashed item’s link and URLs answer 404, and come back after «Восстановить»', async () => {
    const rec = matching(videoRecordSchema, await uploads.video(alice, 'Корзина'));
    const share = await s.make(alice, { kind: 'video', id: rec.id }, { allow_download: true });
    const urls = s.urlsOf(await s.view(share.token));
    expect(urls).toHaveLength(3); // playable, poster, download
    expect((await as(alice).call('DELETE', `/api/media/video/${rec.id}/`)).statusCode).toBe(204);
    await expectInvalid(share.token);
    await s.expectGone(urls);
    const listed = bodyOf(await as(alice).call('GET', '/api/shares/'), shareListSchema).find((x) => x.id === share.id)!;
    expect(listed).toMatchObject({ active: false, target: { kind: 'video', id: rec.id, title: 'Корзина' } });

    expect((await as(alice).call('POST', `/api/media/video/${rec.id}/restore/`)).statusCode).toBe(200);
    await s.expectServed(urls);
    expect((await s.view(share.token)).title).toBe('Корзина');
  });

  it('an item removed for good takes its links with it', async () => {
    const rec = matching(audioRecordSchema, await uploads.audio(alice, 'Насовсем'));
    const share = await s.make(alice, { kind: 'audio', id: rec.id });
    const urls = s.urlsOf(await s.view(share.token));
    await as(alice).call('DELETE', `/api/media/audio/${rec.id}/`);
    await as(alice).call('DELETE', `/api/media/trash/audio/${rec.id}/`);
    await settle(t);
    await expectInvalid(share.token);
    await s.expectGone(urls);
    expect(bodyOf(await as(alice).call('GET', '/api/shares/'), shareListSchema).some((x) => x.id === share.id)).toBe(false);
  });

  it('an album link shows only that album’s live items, and each URL only while its item is there', async () => {
    const [one, two, three, outside] = [
      matching(photoRecordSchema, await uploads.photo(alice, 'Один')),
      matching(audioRecordSchema, await uploads.audio(alice, 'Два')),
      matching(photoRecordSchema, await uploads.photo(alice, 'Три')),
      matching(photoRecordSchema, await uploads.photo(alice, 'Не в альбоме')),
    ];
    const box = bodyOf(await as(alice).call('POST', '/api/albums/', { title: 'Поездка', description: 'Лето' }), albumSchema);
    const other = bodyOf(await as(alice).call('POST', '/api/albums/', { title: 'Другой' }), albumSchema);
    await as(alice).call('POST', `/api/albums/${box.id}/items/`, {
      items: [
        { kind: 'photo', id: one.id },
        { kind: 'audio', id: two.id },
        { kind: 'photo', id: three.id },
      ],
    });
    await as(alice).call('POST', `/api/albums/${other.id}/items/`, { items: [{ kind: 'photo', id: outside.id }] });
    const share = await s.make(alice, { album: box.id });

    const view = await s.view(share.token);
    expect(view).toMatchObject({ kind: 'album', title: 'Поездка', description: 'Лето' });
    expect(ids(view)).toEqual(['photo:Один', 'audio:Два', 'photo:Три']);
    const urlsOf = (title: string) => s.urlsOf({ ...view, items: view.items.filter((i) => i.title === title) });
    await s.expectServed(s.urlsOf(view));

    // An item of the owner outside the album is not reachable through this link, even by a URL made with the
    // server's own key for it under this link: the grant (the item in the link's album) is checked.
    const forged = signSharedMediaPath(t.config.secretKey, itemRef(t.config.secretKey, share.id, outside.id), 'thumb', t.clock.now());
    expect((await s.fetch(forged)).statusCode).toBe(404);
    // A URL of another link of the owner's stays that link's.
    const own = await s.make(alice, { album: other.id });
    await s.expectServed(s.urlsOf(await s.view(own.token)));

    // Trashed: out of the view, its URLs 404; restored: back in its place.
    await as(alice).call('DELETE', `/api/media/audio/${two.id}/`);
    expect(ids(await s.view(share.token))).toEqual(['photo:Один', 'photo:Три']);
    await s.expectGone(urlsOf('Два'));
    await s.expectServed(urlsOf('Один'));
    await as(alice).call('POST', `/api/media/audio/${two.id}/restore/`);
    expect(ids(await s.view(share.token))).toEqual(['photo:Один', 'audio:Два', 'photo:Три']);
    await s.expectServed(urlsOf('Два'));

    // Taken out of the album: gone from the link, and its URLs with it.
    await as(alice).call('DELETE', `/api/albums/${box.id}/items/`, { items: [{ kind: 'photo', id: three.id }] });
    expect(ids(await s.view(share.token))).toEqual(['photo:Один', 'audio:Два']);
    await s.expectGone(urlsOf('Три'));

    // The album deleted: the link and every URL stop; the media stay.
    const urls = s.urlsOf(await s.view(share.token));
    expect((await as(alice).call('DELETE', `/api/albums/${box.id}/`)).statusCode).toBe(204);
    await expectInvalid(share.token);
    await s.expectGone(urls);
    for (const [kind, id] of [
      ['photo', one.id],
      ['audio', two.id],
      ['photo', three.id],
    ] as const) {
      expect((await as(alice).call('GET', `/api/media/${kind}/${id}/`)).statusCode).toBe(200);
    }
  });

  it('deleting the account stops its links and their URLs', async () => {
    const carol = await signedInUser(t);
    const headers = { authorization: `Bearer ${carol.access}` };
    const rec = matching(audioRecordSchema, await uploads.audio({ headers }, 'Кэрол'));
    const made = await s.make({ headers }, { kind: 'audio', id: rec.id }, { password: 'пароль' });
    const urls = s.urlsOf(await s.view(made.token, 'пароль'));
    await s.expectServed(urls);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile/',
      headers: { ...headers, 'x-hard-delete': 'true', 'x-delete-action': 'delete-account' },
      payload: { is_active: false, confirm_deletion: true, password: carol.password },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await expectInvalid(made.token);
    await s.expectGone(urls);
    expect(await t.db.selectFrom('shares').select('id').where('user_id', '=', carol.id).execute()).toEqual([]);
  });
});
