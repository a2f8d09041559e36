import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HOUSEHOLD_MESSAGES, partnerSchema } from '../../../contract/household.ts';
import { audioRecordSchema, photoRecordSchema, videoRecordSchema, type AudioRecord, type PhotoRecord } from '../../../contract/media.ts';
import { matching } from '../support/inject-json.ts';
import { createUser, signIn } from '../support/media-fixtures.ts';
import { callAs, expectUrls, fetchStatus, fileUrls, ref } from '../support/household.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { mediaUploads } from '../support/uploads.ts';

type User = Awaited<ReturnType<typeof createUser>>;
type Listed = Record<string, unknown> & { id: number; title: string; owner?: { id: number; name: string } | null };
const ENDED = HOUSEHOLD_MESSAGES.accessEnded;

/**
 * Partner sharing over HTTP, both ways: one account shows its photos and videos (recordings when it says so)
 * to another, read-only, in that account's lists and timeline with ?with_partners=1, until either side ends it.
 */
describe('partners', () => {
  let t: TestApp;
  let call: ReturnType<typeof callAs>;
  let alice: User; // shows hers
  let bob: User; // sees them
  let carol: User; // nobody's partner
  let uploads: ReturnType<typeof mediaUploads>;
  let photo: PhotoRecord;
  let audio: AudioRecord;
  let bobsPhoto: PhotoRecord;

  const list = async (user: User, kind: string, query = '?with_partners=1', headers: Record<string, string> = {}) => {
    const res = await call(user, 'GET', `/api/media/${kind}/${query}`, undefined, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Listed[]>();
  };
  const share = (from: User, to: string, include_audio?: boolean) =>
    call(from, 'POST', '/api/partners/', include_audio === undefined ? { email: to } : { email: to, include_audio });
  const forgetInvites = () => t.db.deleteFrom('rate_events').where('key', 'like', 'household-invite:%').execute();

  beforeAll(async () => {
    t = await createTestApp();
    call = callAs(t);
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
    carol = await createUser(t, 'carol');
    await t.db.updateTable('users').set({ first_name: 'Алиса', last_name: 'Петрова' }).where('id', '=', alice.id).execute();
    uploads = mediaUploads(t);
    photo = matching(photoRecordSchema, await uploads.photo(alice, 'Море'));
    t.clock.advance(1000);
    audio = matching(audioRecordSchema, await uploads.audio(alice, 'Голосовая заметка'));
    t.clock.advance(1000);
    bobsPhoto = matching(photoRecordSchema, await uploads.photo(bob, 'Боб'));
  }, 120_000);
  afterAll(() => t.close());

  it('shares my photos and videos with an account (e-mailed once); both sides list it', async () => {
    const res = await share(alice, 'bob@example.com');
    expect(res.statusCode, res.body).toBe(201);
    const made = matching(partnerSchema, res.json());
    expect(made).toEqual({
      user: { id: bob.id, name: 'Тест Пользователь', email: 'bob@example.com', photo_url: null },
      direction: 'shared_by_me',
      include_audio: false,
      created_at: t.clock.now().toISOString(),
    });
    expect(t.mailer.last('bob@example.com')!.subject).toBe('Копилка: Алиса Петрова показывает вам свои фото и видео');
    const sent = t.mailer.sent.length;
    const bobs = (await call(bob, 'GET', '/api/partners/')).json<unknown>();
    expect(z.array(z.strictObject(partnerSchema.shape)).safeParse(bobs).error).toBeUndefined();
    expect(bobs).toEqual([
      {
        user: { id: alice.id, name: 'Алиса Петрова', email: 'alice@example.com', photo_url: null },
        direction: 'shared_with_me',
        include_audio: false,
        created_at: made.created_at,
      },
    ]);
    // Again: the same partnership, its recordings switched on; no second e-mail.
    const again = await share(alice, 'bob@example.com', true);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ include_audio: true });
    expect(t.mailer.sent.length).toBe(sent);
    await share(alice, 'bob@example.com', false);
    expect((await call(carol, 'GET', '/api/partners/')).json()).toEqual([]);
  });

  it('refuses an unknown address (404), oneself, bad input; counts requests with album invitations', async () => {
    const unknown = await share(alice, 'nobody@example.com');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Пользователь с таким e-mail не найден' });
    expect((await share(alice, 'alice@example.com')).json()).toEqual({ email: ['Нельзя пригласить самого себя.'] });
    expect((await call(alice, 'POST', '/api/partners/', {})).json()).toEqual({ email: ['Обязательное поле.'] });
    expect((await call(alice, 'POST', '/api/partners/', { email: 'bob@example.com', include_audio: 'да' })).statusCode).toBe(400);
    expect((await call(null, 'GET', '/api/partners/')).statusCode).toBe(401);
    await forgetInvites();
    for (let i = 0; i < 30; i++) await share(carol, `nobody${i}@example.com`);
    expect((await share(carol, 'bob@example.com')).statusCode).toBe(429);
    await forgetInvites();
  });

  it('adds the partner’s photos to my lists and timeline with ?with_partners=1, marked as theirs, mine with owner null', async () => {
    const plain = await list(bob, 'photo', '');
    expect(plain.map((r) => r.id)).toEqual([bobsPhoto.id]);
    expect('owner' in plain[0]!).toBe(false);

    const mixed = await list(bob, 'photo');
    expect(mixed.map((r) => r.id)).toEqual([bobsPhoto.id, photo.id]);
    expect(mixed[0]!.owner).toBeNull();
    const hers = mixed[1]!;
    expect(hers).toMatchObject({ owner: { id: alice.id, name: 'Алиса Петрова' }, sha256: null, is_favorite: false, download_url: null });
    for (const url of fileUrls(hers)) expect(url).toMatch(/[?&]g=p\.\d+-\d+&sig=/);
    await expectUrls(t, fileUrls(hers), 200);
    expect(matching(photoRecordSchema, hers).title).toBe('Море');

    const month = photo.created_at.slice(0, 7);
    const buckets = (await call(bob, 'GET', '/api/media/photo/buckets/?with_partners=1')).json<unknown>();
    expect(buckets).toEqual([{ month, count: 2 }]);
    expect((await call(bob, 'GET', '/api/media/photo/buckets/')).json()).toEqual([{ month, count: 1 }]);
    const theMonth = await list(bob, 'photo', `?month=${month}&with_partners=1`);
    expect(theMonth.map((r) => [r.id, r.owner?.id ?? null])).toEqual([
      [bobsPhoto.id, null],
      [photo.id, alice.id],
    ]);
    // Favourites are mine alone; and nobody else sees Alice's.
    expect((await list(bob, 'photo', '?favorite=1&with_partners=1')).map((r) => r.id)).toEqual([]);
    expect((await list(carol, 'photo')).map((r) => r.id)).toEqual([]);
    // Alice sees only her own: sharing goes one way.
    expect((await list(alice, 'photo')).map((r) => r.id)).toEqual([photo.id]);
  });

  it('adds recordings only when the sharer chose to, and stops their URLs once not', async () => {
    expect((await list(bob, 'audio')).map((r) => r.id)).toEqual([]);
    await share(alice, 'bob@example.com', true);
    const withAudio = await list(bob, 'audio');
    expect(withAudio.map((r) => r.id)).toEqual([audio.id]);
    expect(withAudio[0]).toMatchObject({ original_file: null, owner: { id: alice.id } });
    matching(audioRecordSchema, withAudio[0]);
    const urls = fileUrls(withAudio[0]!);
    await expectUrls(t, urls, 200);
    await share(alice, 'bob@example.com', false);
    await expectUrls(t, urls, 403, ENDED);
    expect(await list(bob, 'audio')).toEqual([]);
  });

  it('moves my list (and its ETag) when the partner changes anything, and when the partnership does', async () => {
    const first = await call(bob, 'GET', '/api/media/photo/?with_partners=1');
    const etag = first.headers.etag as string;
    expect((await call(bob, 'GET', '/api/media/photo/?with_partners=1', undefined, { 'if-none-match': etag })).statusCode).toBe(304);
    // The partner renames her photo: Bob's list is another.
    expect((await call(alice, 'PATCH', `/api/media/photo/${photo.id}/`, { title: 'Море вечером' })).statusCode).toBe(200);
    const renamed = await call(bob, 'GET', '/api/media/photo/?with_partners=1', undefined, { 'if-none-match': etag });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<Listed[]>().find((r) => r.id === photo.id)!.title).toBe('Море вечером');
    // She uploads one: it shows.
    t.clock.advance(1000);
    const fresh = matching(photoRecordSchema, await uploads.photo(alice, 'Новое'));
    expect((await list(bob, 'photo')).map((r) => r.id)).toContain(fresh.id);
    // She changes her name: the mark follows.
    await t.db.updateTable('users').set({ first_name: 'Аля' }).where('id', '=', alice.id).execute();
    expect((await list(bob, 'photo')).find((r) => r.id === fresh.id)!.owner).toEqual({ id: alice.id, name: 'Аля Петрова' });
    await t.db.updateTable('users').set({ first_name: 'Алиса' }).where('id', '=', alice.id).execute();
    // Carol's list of the same URL is hers, whatever Bob's ETag.
    const carols = await call(carol, 'GET', '/api/media/photo/?with_partners=1', undefined, {
      'if-none-match': renamed.headers.etag as string,
    });
    expect(carols.statusCode).toBe(200);
    expect(carols.json()).toEqual([]);
    // She trashes it: gone from Bob's list, its URLs stop at once.
    const urls = fileUrls((await list(bob, 'photo')).find((r) => r.id === fresh.id)!);
    expect((await call(alice, 'DELETE', `/api/media/photo/${fresh.id}/`)).statusCode).toBe(204);
    await expectUrls(t, urls, 403, ENDED);
    expect((await list(bob, 'photo')).map((r) => r.id)).not.toContain(fresh.id);
  });

  it('a partner only looks: edits, deletes, downloads, restores and albums of her items are all 404', async () => {
    const album = (await call(bob, 'POST', '/api/albums/', { title: 'Чужое' })).json<{ id: number }>();
    for (const [method, url, body] of [
      ['GET', `/api/media/photo/${photo.id}/`],
      ['PATCH', `/api/media/photo/${photo.id}/`, { title: 'Взлом' }],
      ['PATCH', `/api/media/photo/${photo.id}/`, { is_favorite: true }],
      ['POST', `/api/media/photo/${photo.id}/`, { _method: 'PATCH', title: 'Взлом' }],
      ['DELETE', `/api/media/photo/${photo.id}/`],
      ['GET', `/api/media/photo/${photo.id}/download/`],
      ['GET', `/api/media/photo/${photo.id}/download-link/`],
      ['POST', `/api/media/photo/${photo.id}/restore/`],
      ['DELETE', `/api/media/trash/photo/${photo.id}/`],
      ['POST', `/api/albums/${album.id}/items/`, { items: [ref('photo', photo)] }],
      ['POST', '/api/shares/', { target: ref('photo', photo), expires_in_days: 1, allow_download: false }],
    ] as const) {
      expect((await call(bob, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(alice, 'GET', `/api/media/photo/${photo.id}/`)).json()).toMatchObject({ title: 'Море вечером', is_favorite: false });
  });

  it('either side ends it at once, the URLs handed out included; a new partnership gives new URLs', async () => {
    const urls = fileUrls((await list(bob, 'photo')).find((r) => r.id === photo.id)!);
    await expectUrls(t, urls, 200);
    expect((await call(bob, 'DELETE', `/api/partners/${alice.id}/`)).statusCode).toBe(204);
    await expectUrls(t, urls, 403, ENDED);
    expect((await list(bob, 'photo')).map((r) => r.id)).toEqual([bobsPhoto.id]);
    expect((await call(alice, 'GET', '/api/partners/')).json()).toEqual([]);
    expect((await call(bob, 'DELETE', `/api/partners/${alice.id}/`)).statusCode).toBe(404);

    // Made again, then ended by the sharer: the old URLs never come back to life with it.
    expect((await share(alice, 'bob@example.com')).statusCode).toBe(201);
    await expectUrls(t, urls, 403, ENDED);
    const again = fileUrls((await list(bob, 'photo')).find((r) => r.id === photo.id)!);
    await expectUrls(t, again, 200);
    expect((await call(alice, 'DELETE', `/api/partners/${bob.id}/?direction=shared_with_me`)).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', `/api/partners/${bob.id}/?direction=shared_by_me`)).statusCode).toBe(204);
    await expectUrls(t, again, 403, ENDED);
  });

  it('both ways at once; ending one side leaves the other; a disabled account shows nothing', async () => {
    await share(alice, 'bob@example.com');
    await share(bob, 'alice@example.com');
    expect((await call(alice, 'GET', '/api/partners/')).json<{ direction: string }[]>().map((p) => p.direction)).toEqual([
      'shared_by_me',
      'shared_with_me',
    ]);
    expect((await list(alice, 'photo')).map((r) => r.id)).toContain(bobsPhoto.id);
    expect((await call(alice, 'DELETE', `/api/partners/${bob.id}/?direction=shared_with_me`)).statusCode).toBe(204);
    expect((await list(alice, 'photo')).map((r) => r.id)).not.toContain(bobsPhoto.id);
    expect((await list(bob, 'photo')).map((r) => r.id)).toContain(photo.id);

    const urls = fileUrls((await list(bob, 'photo')).find((r) => r.id === photo.id)!);
    await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', alice.id).execute();
    expect((await list(bob, 'photo')).map((r) => r.id)).not.toContain(photo.id);
    await expectUrls(t, urls, 403, ENDED);
    await t.db.updateTable('users').set({ is_active: 1 }).where('id', '=', alice.id).execute();
    expect((await fetchStatus(t, urls[0]!)).status).toBe(200);
    // A deleted account takes its partnerships with it.
    const dora = await createUser(t, 'dora');
    await share(dora, 'bob@example.com');
    await t.db.deleteFrom('users').where('id', '=', dora.id).execute();
    expect((await call(bob, 'GET', '/api/partners/')).json<{ user: { id: number } }[]>().map((p) => p.user.id)).toEqual([alice.id]);
  });

  it('mixes kinds in the order of each: videos by when they were filmed, beside the partner’s', async () => {
    t.clock.advance(1000);
    const hers = matching(videoRecordSchema, await uploads.video(alice, 'Видео Алисы'));
    t.clock.advance(1000);
    const his = matching(videoRecordSchema, await uploads.video(bob, 'Видео Боба'));
    const mixed = await list(bob, 'video');
    expect(mixed.map((r) => r.id)).toEqual([his.id, hers.id]);
    const later = { headers: (await signIn(t, carol.id)).headers };
    expect((await call(later, 'GET', '/api/media/video/?with_partners=1')).json()).toEqual([]);
  });

  it('shows the partner’s avatar through the partnership while it lasts', async () => {
    const key = `u/${alice.id}/avatar/face.webp`;
    await t.storage.put(key, Readable.from([Buffer.from('face')]));
    await t.db.updateTable('users').set({ photo_key: key }).where('id', '=', alice.id).execute();
    const seen = (await call(bob, 'GET', '/api/partners/')).json<{ user: { id: number; photo_url: string | null } }[]>();
    const url = seen.find((p) => p.user.id === alice.id)!.user.photo_url!;
    expect(url).toMatch(/[?&]g=p\.\d+&sig=/);
    await expectUrls(t, [url], 200);
    await call(alice, 'DELETE', `/api/partners/${bob.id}/?direction=shared_by_me`);
    await expectUrls(t, [url], 403, ENDED);
  });
});
