import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALBUMS_PER_USER_MAX, albumSchema } from '../../../contract/albums.ts';
import { detailErrorSchema } from '../../../contract/errors.ts';
import { photoRecordSchema } from '../../../contract/media.ts';
import {
  SHARE_MESSAGES,
  SHARE_PAGE_SIZE,
  SHARES_PER_USER_MAX,
  sharedViewSchema,
  type Share,
  type SharedView,
} from '../../../contract/shares.ts';
import { SHARE_LIMITS } from '../../../server/shares/limits.ts';
import { nextIp } from '../support/auth.ts';
import { bodyOf, errorOf, matching } from '../support/inject-json.ts';
import { createUser, signIn } from '../support/media-fixtures.ts';
import { INVALID_LINK, shareSteps } from '../support/shares.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { mediaUploads } from '../support/uploads.ts';
import { writeExport } from '../support/web-export.ts';

type User = Awaited<ReturnType<typeof createUser>>;
const HOUR_MS = 60 * 60 * 1000;

/**
 * What a link shows a guest, and how much of it at a time: an album's answer comes a page of at most 200
 * items at a time, opening links is throttled per address, views are not inflated by reloads, and the answer
 * names nothing of the owner's own (no favourite flag, no sizes of originals, no sequential ids).
 */
describe('the public answer of a link', () => {
  let t: TestApp;
  let alice: User;
  let s: ReturnType<typeof shareSteps>;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
    s = shareSteps(t);
  });
  afterAll(() => t.close());

  /** An album of `count` photo records of the user's (rows only: the answer signs their URLs, nothing is read). */
  async function bigAlbum(user: User, count: number, title = 'Большой'): Promise<number> {
    const now = t.clock.now().toISOString();
    const album = bodyOf(
      await t.app.inject({ method: 'POST', url: '/api/albums/', headers: user.headers, payload: { title } }),
      albumSchema,
    );
    const rows = Array.from({ length: count }, (_, i) => ({
      user_id: user.id,
      kind: 'photo' as const,
      title: `n${String(i).padStart(4, '0')}`,
      description: '',
      status: 'ready' as const,
      original_key: `u/${user.id}/photo/${title}-${i}.jpg`,
      mime_type: 'image/jpeg',
      size: 123_456 + i,
      original_name: 'p.jpg',
      thumbnail_key: `u/${user.id}/photo/${title}-${i}-thumb.webp`,
      preview_key: `u/${user.id}/photo/${title}-${i}-preview.webp`,
      width: 48,
      height: 32,
      renditions_size: 0,
      is_favorite: i % 3 === 0 ? 1 : 0,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 200) {
      const ids = await t.db
        .insertInto('media')
        .values(rows.slice(i, i + 200))
        .returning('id')
        .execute();
      await t.db
        .insertInto('album_items')
        .values(ids.map((r) => ({ album_id: album.id, media_id: r.id, added_at: now })))
        .execute();
    }
    return album.id;
  }

  const page = (token: string, more: { password?: string; cursor?: string } = {}, ip = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/public/shares/open/', remoteAddress: ip, payload: { token, ...more } });

  it('answers an album of 450 items 200 a page, each once and in order, with the cursor of the next', async () => {
    const share = await s.make(alice, { album: await bigAlbum(alice, 450) }, { password: 'пароль' });
    const ip = nextIp();
    const seen: SharedView[] = [];
    let cursor: string | undefined;
    do {
      const res = await page(share.token, cursor ? { cursor } : { password: 'пароль' }, ip);
      expect(res.statusCode, res.body).toBe(200);
      const view = bodyOf(res, sharedViewSchema);
      expect(view.items.length).toBeLessThanOrEqual(SHARE_PAGE_SIZE);
      expect(view.item_count).toBe(450);
      seen.push(view);
      cursor = view.next ?? undefined;
    } while (cursor);
    expect(seen.map((v) => v.items.length)).toEqual([200, 200, 50]);
    const items = seen.flatMap((v) => v.items);
    expect(items.map((i) => i.title)).toEqual(Array.from({ length: 450 }, (_, i) => `n${String(i).padStart(4, '0')}`));
    expect(new Set(items.map((i) => i.id)).size).toBe(450);
    // The following pages asked no password, and counted no view: one opening, one view.
    const listed = (await t.app.inject({ url: '/api/shares/', headers: alice.headers })).json<Share[]>().find((x) => x.id === share.id)!;
    expect(listed.view_count).toBe(1);
  });

  it('refuses a cursor this link did not give, or one that has expired, with 400 on `cursor`; a revoked link stays 404', async () => {
    const album = await bigAlbum(alice, 210, 'Курсоры');
    const share = await s.make(alice, { album });
    const other = await s.make(alice, { album });
    const { next } = bodyOf(await page(share.token), sharedViewSchema);
    const otherNext = bodyOf(await page(other.token), sharedViewSchema).next!;
    expect(next).toMatch(/^[\w-]{22}$/);
    const stale = { cursor: [SHARE_MESSAGES.staleCursor] };
    for (const cursor of [otherNext, 'A'.repeat(22), `${next!.startsWith('A') ? 'B' : 'A'}${next!.slice(1)}`, 'short']) {
      const res = await page(share.token, { cursor });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toEqual(stale);
    }
    expect((await page(share.token, { cursor: next! })).statusCode).toBe(200);
    t.clock.advance(13 * HOUR_MS);
    expect((await page(share.token, { cursor: next! })).json()).toEqual(stale);
    alice = await signIn(t, alice.id);
    const fresh = bodyOf(await page(share.token), sharedViewSchema).next!;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/shares/${share.id}/`, headers: alice.headers })).statusCode).toBe(204);
    const revoked = await page(share.token, { cursor: fresh });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toEqual(INVALID_LINK);
  });

  it('shows no favourite flag, no size of an original and no sequential id, and its URLs name none', async () => {
    const uploads = mediaUploads(t);
    const photo = matching(photoRecordSchema, await uploads.photo(alice, 'Звезда'));
    await t.app.inject({ method: 'PATCH', url: `/api/media/photo/${photo.id}/`, headers: alice.headers, payload: { is_favorite: true } });
    const album = await bigAlbum(alice, 3, 'Смешанный');
    await t.app.inject({
      method: 'POST',
      url: `/api/albums/${album}/items/`,
      headers: alice.headers,
      payload: { items: [{ kind: 'photo', id: photo.id }] },
    });
    const share = await s.make(alice, { album }, { allow_download: true });
    const res = await page(share.token);
    const view = bodyOf(res, sharedViewSchema);
    expect(view.items).toHaveLength(4);
    for (const item of view.items) {
      for (const key of ['is_favorite', 'size', 'sha256', 'original_file']) expect(item, key).not.toHaveProperty(key);
      expect(item.id).toMatch(/^[\w-]{22}$/);
    }
    const ids = (await t.db.selectFrom('media').select('id').where('user_id', '=', alice.id).execute()).map((r) => r.id);
    for (const url of s.urlsOf(view)) {
      expect(url).toMatch(/^\/media\/shared\/[\w-]{22}\/\w+\?exp=\d+&sig=[\w-]+$/);
      for (const id of ids) expect(url).not.toContain(`/${id}/`);
    }
    expect(res.body).not.toMatch(/"(is_favorite|size|sha256)"/);
    expect(res.body).not.toContain(`h.${share.id}`);
    // An untitled item's download is named after its kind alone.
    await t.db.updateTable('media').set({ title: '' }).where('id', '=', photo.id).execute();
    const untitled = bodyOf(await page(share.token), sharedViewSchema).items.find((i) => i.title === '')!;
    const download = await s.fetch(untitled.download_url!);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="photo\.jpg"/);
  });

  it('throttles opening links per address (429 with Retry-After), apart from the pages of an album', async () => {
    const share = await s.make(alice, { album: await bigAlbum(alice, 201, 'Часто') });
    const ip = nextIp();
    const { limit } = SHARE_LIMITS.opensPerIp;
    let next = '';
    for (let i = 0; i < limit; i++) {
      const res = await page(share.token, {}, ip);
      expect(res.statusCode, `opening ${i + 1}`).toBe(200);
      next = bodyOf(res, sharedViewSchema).next!;
    }
    const limited = await page(share.token, {}, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(limited, detailErrorSchema).detail).toMatch(/^Слишком много попыток\. Повторите через \d+ с\.$/);
    // Unknown tokens count too: guessing from one address is slowed the same way.
    expect((await page('A'.repeat(22), {}, ip)).statusCode).toBe(429);
    // The album's following pages, and other addresses, go on.
    expect((await page(share.token, { cursor: next }, ip)).statusCode).toBe(200);
    expect((await page(share.token, {}, nextIp())).statusCode).toBe(200);
    t.clock.advance(SHARE_LIMITS.opensPerIp.windowMs);
    expect((await page(share.token, {}, ip)).statusCode).toBe(200);
    alice = await signIn(t, alice.id);
  });

  it('counts a view once per address and link an hour, whatever reloads come', async () => {
    const share = await s.make(alice, { album: await bigAlbum(alice, 1, 'Просмотры') });
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await page(share.token, {}, ip)).statusCode).toBe(200);
    await page(share.token, {}, nextIp());
    const views = async () =>
      (await t.app.inject({ url: '/api/shares/', headers: alice.headers })).json<Share[]>().find((x) => x.id === share.id)!.view_count;
    expect(await views()).toBe(2);
    t.clock.advance(HOUR_MS + 1000);
    alice = await signIn(t, alice.id);
    await page(share.token, {}, ip);
    expect(await views()).toBe(3);
  });

  it('answers the /s/ page with X-Robots-Tag: noindex', async () => {
    writeExport(t.config.outDir, { 's/index.html': '<!doctype html><title>Ссылка</title>', 'index.html': '<!doctype html>' });
    for (const url of ['/s/', '/s', '/s/index.html']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
    expect((await t.app.inject({ url: '/' })).headers['x-robots-tag']).toBeUndefined();
  });
});

describe('what one user may make', () => {
  let t: TestApp;
  let bob: User;
  let s: ReturnType<typeof shareSteps>;

  beforeAll(async () => {
    t = await createTestApp();
    bob = await createUser(t, 'bob');
    s = shareSteps(t);
  });
  afterAll(() => t.close());

  const newAlbum = (title: string) => t.app.inject({ method: 'POST', url: '/api/albums/', headers: bob.headers, payload: { title } });

  it(`keeps at most ${ALBUMS_PER_USER_MAX} albums and ${SHARES_PER_USER_MAX} links per user (400 with a Russian message past them)`, async () => {
    const now = t.clock.now().toISOString();
    const rows = Array.from({ length: ALBUMS_PER_USER_MAX - 1 }, (_, i) => ({
      user_id: bob.id,
      title: `a${i}`,
      description: '',
      cover_media_id: null,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.db
        .insertInto('albums')
        .values(rows.slice(i, i + 200))
        .execute();
    const last = await newAlbum('последний');
    expect(last.statusCode, last.body).toBe(201);
    const over = await newAlbum('лишний');
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ detail: `Можно создать не больше ${ALBUMS_PER_USER_MAX} альбомов. Удалите ненужные.` });
    // The list stays bounded by the same number.
    expect((await t.app.inject({ url: '/api/albums/', headers: bob.headers })).json<unknown[]>()).toHaveLength(ALBUMS_PER_USER_MAX);

    const album = bodyOf(last, albumSchema).id;
    const shares = Array.from({ length: SHARES_PER_USER_MAX - 1 }, (_, i) => ({
      user_id: bob.id,
      token_hash: `hash-${i}`,
      media_id: null,
      album_id: album,
      password_hash: null,
      allow_download: 0,
      expires_at: null,
      created_at: now,
      last_viewed_at: null,
    }));
    for (let i = 0; i < shares.length; i += 200)
      await t.db
        .insertInto('shares')
        .values(shares.slice(i, i + 200))
        .execute();
    await s.make(bob, { album });
    const refused = await s.create(bob, { target: { album }, expires_in_days: 7 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: SHARE_MESSAGES.tooManyLinks });
    // Revoking one makes room again.
    const one = (await t.db.selectFrom('shares').select('id').where('user_id', '=', bob.id).executeTakeFirstOrThrow()).id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/shares/${one}/`, headers: bob.headers })).statusCode).toBe(204);
    expect((await s.create(bob, { target: { album }, expires_in_days: 7 })).statusCode).toBe(201);
  });

  it('throttles making links with a password (each an argon2 hash), not those without', async () => {
    const carol = await createUser(t, 'carol');
    const album = bodyOf(
      await t.app.inject({ method: 'POST', url: '/api/albums/', headers: carol.headers, payload: { title: 'x' } }),
      albumSchema,
    ).id;
    const { limit } = SHARE_LIMITS.passwordLinksPerUser;
    for (let i = 0; i < limit; i++) await s.make(carol, { album }, { password: `пароль ${i}` });
    const limited = await s.create(carol, { target: { album }, expires_in_days: 1, password: 'ещё один' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await s.create(carol, { target: { album }, expires_in_days: 1 })).statusCode).toBe(201);
  });
});
