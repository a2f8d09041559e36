import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/media-fixtures.ts';
import { callAs } from '../support/household.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { mediaUploads } from '../support/uploads.ts';

type User = Awaited<ReturnType<typeof createUser>>;

/**
 * Every list and the profile answer with an ETag; the same GET with If-None-Match is a 304 with no body while
 * nothing changed, and a 200 with another ETag from the first request after any change the answer shows, made
 * by the viewer or by someone else (a partner, an album's owner).
 */
describe('lists and the profile revalidate by ETag', () => {
  let t: TestApp;
  let call: ReturnType<typeof callAs>;
  let alice: User;
  let bob: User;
  let uploads: ReturnType<typeof mediaUploads>;
  let photoId: number;
  let albumId: number;

  beforeAll(async () => {
    t = await createTestApp();
    call = callAs(t);
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
    uploads = mediaUploads(t);
    photoId = (await uploads.photo(alice, 'Море')).id;
    const album = await call(alice, 'POST', '/api/albums/', { title: 'Лето' });
    expect(album.statusCode, album.body).toBe(201);
    albumId = album.json<{ id: number }>().id;
  }, 120_000);
  afterAll(() => t.close());

  /**
   * `url` as `user` sees it: 200 with an ETag and `cache`; 304 with no body for that ETag; then, once `change` is
   * made, 200 with another ETag and another body for the same If-None-Match.
   */
  async function revalidates(user: User, url: string, change: () => Promise<unknown>, cache = 'private, no-cache') {
    const first = await call(user, 'GET', url);
    expect(first.statusCode, first.body).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{16,}"$/);
    expect(first.headers['cache-control']).toBe(cache);

    const again = await call(user, 'GET', url, undefined, { 'if-none-match': etag });
    expect(again.statusCode, again.body).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(cache);
    // A list of tags, one of them weak, still names it.
    expect((await call(user, 'GET', url, undefined, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);

    await change();
    const after = await call(user, 'GET', url, undefined, { 'if-none-match': etag });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body).not.toBe(first.body);
    expect((await call(user, 'GET', url, undefined, { 'if-none-match': after.headers.etag as string })).statusCode).toBe(304);
  }

  it('the profile (kept no-store: the client sends the ETag it remembers)', async () => {
    await revalidates(alice, '/api/auth/profile/', () => call(alice, 'PATCH', '/api/auth/profile/', { first_name: 'Алиса' }), 'no-store');
  });

  it('the recordings, photos and videos, and the favourites', async () => {
    await revalidates(alice, '/api/media/audio/', () => uploads.audio(alice, 'Запись'));
    await revalidates(alice, '/api/media/photo/', () => call(alice, 'PATCH', `/api/media/photo/${photoId}/`, { title: 'Море вечером' }));
    await revalidates(alice, '/api/media/video/', () => uploads.video(alice, 'Клип'));
    await revalidates(alice, '/api/media/photo/?favorite=1', () =>
      call(alice, 'PATCH', `/api/media/photo/${photoId}/`, { is_favorite: true }),
    );
  }, 120_000);

  it('the albums, an album’s items and its members', async () => {
    await revalidates(alice, '/api/albums/', () => call(alice, 'POST', '/api/albums/', { title: 'Осень' }));
    await revalidates(alice, `/api/albums/${albumId}/items/`, () =>
      call(alice, 'POST', `/api/albums/${albumId}/items/`, { items: [{ kind: 'photo', id: photoId }] }),
    );
    await revalidates(alice, `/api/albums/${albumId}/members/`, () =>
      call(alice, 'POST', `/api/albums/${albumId}/members/`, { email: 'bob@example.com', role: 'viewer' }),
    );
  });

  it('«Доступно мне»: the albums shared with me move when their owner changes them', async () => {
    await revalidates(bob, '/api/albums/', () => call(alice, 'PATCH', `/api/albums/${albumId}/`, { title: 'Лето у моря' }));
    await revalidates(bob, `/api/albums/${albumId}/items/`, () =>
      call(alice, 'DELETE', `/api/albums/${albumId}/items/`, { items: [{ kind: 'photo', id: photoId }] }),
    );
  });

  it('the share links, the partners (both sides) and the trash', async () => {
    await revalidates(alice, '/api/shares/', () =>
      call(alice, 'POST', '/api/shares/', { target: { kind: 'photo', id: photoId }, expires_in_days: 1 }),
    );
    await revalidates(bob, '/api/partners/', () => call(alice, 'POST', '/api/partners/', { email: 'bob@example.com' }));
    await revalidates(bob, '/api/media/photo/?with_partners=1', () =>
      call(alice, 'PATCH', `/api/media/photo/${photoId}/`, { title: 'Море ночью' }),
    );
    await revalidates(alice, '/api/media/trash/', () => call(alice, 'DELETE', `/api/media/photo/${photoId}/`));
  });

  it('answers another user by their own answer, whatever ETag they send', async () => {
    const alices = await call(alice, 'GET', '/api/albums/');
    const bobs = await call(bob, 'GET', '/api/albums/', undefined, { 'if-none-match': alices.headers.etag as string });
    expect(bobs.statusCode).toBe(200);
    expect(bobs.headers.etag).not.toBe(alices.headers.etag);
  });

  it('refusals carry no ETag', async () => {
    const res = await call(null, 'GET', '/api/albums/');
    expect(res.statusCode).toBe(401);
    expect(res.headers.etag).toBeUndefined();
  });
});
