import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsSchema } from '../../../../contract/errors.ts';
import { MEDIA_RECORD_SCHEMAS, trashItemSchema, type MediaKind } from '../../../../contract/media.ts';
import { bodyOf, errorOf, matching } from '../../support/inject-json.ts';
import { createUser, multipart } from '../../support/media-fixtures.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { mediaUploads } from '../../support/uploads.ts';

type User = Awaited<ReturnType<typeof createUser>>;

/** Favourites: `is_favorite` on every record, set with PATCH, and `?favorite=1` on every list. */
describe('favourites', () => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  let uploads: ReturnType<typeof mediaUploads>;
  const records: Partial<Record<MediaKind, { id: number }>> = {};

  const patch = (user: User, kind: MediaKind, id: number, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: `/api/media/${kind}/${id}/`, headers: user.headers, payload: payload as object });
  const list = async (user: User, kind: MediaKind, query = '', headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ url: `/api/media/${kind}/${query}`, headers: { ...user.headers, ...headers } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number; is_favorite: boolean }[]>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
    uploads = mediaUploads(t);
    records.audio = matching(MEDIA_RECORD_SCHEMAS.audio, await uploads.audio(alice, 'Голос'));
    records.photo = matching(MEDIA_RECORD_SCHEMAS.photo, await uploads.photo(alice, 'Море'));
    records.video = matching(MEDIA_RECORD_SCHEMAS.video, await uploads.video(alice, 'Прогулка'));
  }, 120_000);
  afterAll(() => t.close());

  it('every record of every kind carries is_favorite, false until starred', async () => {
    for (const kind of ['audio', 'photo', 'video'] as const) {
      const one = await t.app.inject({ url: `/api/media/${kind}/${records[kind]!.id}/`, headers: alice.headers });
      expect(bodyOf(one, MEDIA_RECORD_SCHEMAS[kind]).is_favorite).toBe(false);
      expect(MEDIA_RECORD_SCHEMAS[kind].safeParse(one.json()).error).toBeUndefined();
      expect((await list(alice, kind)).map((r) => r.is_favorite)).toEqual([false]);
    }
  });

  it('PATCH {is_favorite: true} stars the item; the next list shows it and ?favorite=1 lists it alone', async () => {
    const more = matching(MEDIA_RECORD_SCHEMAS.audio, await uploads.audio(alice, 'Не избранное'));
    // Both lists read once, so each is kept ready as bytes: the toggle must still show in the next one.
    expect((await list(alice, 'audio')).map((r) => r.is_favorite)).toEqual([false, false]);
    expect(await list(alice, 'audio', '?favorite=1')).toEqual([]);

    const res = await patch(alice, 'audio', records.audio!.id, { is_favorite: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: records.audio!.id, title: 'Голос', is_favorite: true });

    const all = await list(alice, 'audio');
    expect(all.map((r) => [r.id, r.is_favorite])).toEqual([
      [more.id, false],
      [records.audio!.id, true],
    ]);
    const favorites = await list(alice, 'audio', '?favorite=1&t=123');
    expect(favorites.map((r) => r.id)).toEqual([records.audio!.id]);
    expect(favorites[0]!.is_favorite).toBe(true);
    // ?favorite=0 is every item, as no filter is.
    expect((await list(alice, 'audio', '?favorite=0')).map((r) => r.id)).toEqual(all.map((r) => r.id));

    // Unstarring shows in the next list just as well.
    expect(bodyOf(await patch(alice, 'audio', records.audio!.id, { is_favorite: false }), MEDIA_RECORD_SCHEMAS.audio).is_favorite).toBe(
      false,
    );
    expect(await list(alice, 'audio', '?favorite=1')).toEqual([]);
    expect((await list(alice, 'audio')).every((r) => !r.is_favorite)).toBe(true);
  });

  it('a favourite list answers 304 to its own ETag, and a new one after a star changes', async () => {
    await patch(alice, 'photo', records.photo!.id, { is_favorite: true });
    const first = await t.app.inject({ url: '/api/media/photo/?favorite=1', headers: alice.headers });
    const etag = first.headers.etag as string;
    expect(bodyOf(first, z.array(MEDIA_RECORD_SCHEMAS.photo)).map((r) => r.id)).toEqual([records.photo!.id]);
    const again = await t.app.inject({ url: '/api/media/photo/?favorite=1', headers: { ...alice.headers, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    await patch(alice, 'photo', records.photo!.id, { is_favorite: false });
    const after = await t.app.inject({ url: '/api/media/photo/?favorite=1', headers: { ...alice.headers, 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual([]);
  });

  it('works on every kind, with the edit as a form, multipart fields or the POST fallback', async () => {
    const form = await t.app.inject({
      method: 'PATCH',
      url: `/api/media/photo/${records.photo!.id}/`,
      headers: { ...alice.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'is_favorite=true',
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(bodyOf(form, MEDIA_RECORD_SCHEMAS.photo).is_favorite).toBe(true);

    const body = multipart({ is_favorite: '1' });
    const fields = await t.app.inject({
      method: 'PATCH',
      url: `/api/media/video/${records.video!.id}/`,
      headers: { ...alice.headers, ...body.headers },
      payload: body.payload,
    });
    expect(fields.statusCode, fields.body).toBe(200);
    expect(bodyOf(fields, MEDIA_RECORD_SCHEMAS.video).is_favorite).toBe(true);

    const fallback = await t.app.inject({
      method: 'POST',
      url: `/api/media/video/${records.video!.id}/`,
      headers: { ...alice.headers, 'x-http-method-override': 'PATCH' },
      payload: { is_favorite: false },
    });
    expect(fallback.statusCode, fallback.body).toBe(200);
    expect(fallback.json()).toMatchObject({ is_favorite: false, title: 'Прогулка' });

    expect((await list(alice, 'photo', '?favorite=1')).map((r) => r.id)).toEqual([records.photo!.id]);
    expect(await list(alice, 'video', '?favorite=1')).toEqual([]);
  });

  it('an edit of the title keeps the star, and the star survives the trash and its restore', async () => {
    await patch(alice, 'photo', records.photo!.id, { is_favorite: true });
    const renamed = await patch(alice, 'photo', records.photo!.id, { title: 'Море вечером' });
    expect(renamed.json()).toMatchObject({ title: 'Море вечером', is_favorite: true });

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/media/photo/${records.photo!.id}/`, headers: alice.headers })).statusCode,
    ).toBe(204);
    // A trashed favourite leaves the favourites as it leaves the list.
    expect(await list(alice, 'photo', '?favorite=1')).toEqual([]);
    const trash = bodyOf(await t.app.inject({ url: '/api/media/trash/', headers: alice.headers }), z.array(trashItemSchema));
    const item = trash.find((i) => i.kind === 'photo' && i.id === records.photo!.id);
    expect(trashItemSchema.safeParse(item).error).toBeUndefined();
    expect(item!.is_favorite).toBe(true);

    const restored = await t.app.inject({ method: 'POST', url: `/api/media/photo/${records.photo!.id}/restore/`, headers: alice.headers });
    expect(bodyOf(restored, MEDIA_RECORD_SCHEMAS.photo).is_favorite).toBe(true);
    expect((await list(alice, 'photo', '?favorite=1')).map((r) => r.id)).toEqual([records.photo!.id]);
  });

  it("refuses to star another user's item (404) and keeps each user's favourites their own", async () => {
    const res = await patch(bob, 'audio', records.audio!.id, { is_favorite: true });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Не найдено.' });
    const own = matching(MEDIA_RECORD_SCHEMAS.audio, await uploads.audio(bob, 'Боб'));
    await patch(bob, 'audio', own.id, { is_favorite: true });
    expect((await list(bob, 'audio', '?favorite=1')).map((r) => r.id)).toEqual([own.id]);
    expect((await list(alice, 'audio', '?favorite=1')).map((r) => r.id)).not.toContain(own.id);
  });

  it('refuses a value that is not yes or no, in the field, and changes nothing', async () => {
    for (const value of ['да', 2, null, { x: 1 }, []]) {
      const res = await patch(alice, 'audio', records.audio!.id, { is_favorite: value, title: 'Не сохранится' });
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(Object.keys(res.json())).toEqual(['is_favorite']);
      expect(errorOf(res, fieldErrorsSchema).is_favorite![0]).toMatch(/^(Требуется логическое значение\.|Это поле не может быть null\.)$/);
    }
    const one = await t.app.inject({ url: `/api/media/audio/${records.audio!.id}/`, headers: alice.headers });
    expect(bodyOf(one, MEDIA_RECORD_SCHEMAS.audio).title).toBe('Голос');

    const bad = await t.app.inject({ url: '/api/media/audio/?favorite=maybe', headers: alice.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ favorite: ['Требуется логическое значение.'] });
  });
});
