import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyFromUrl } from '../../../../server/media/files/routes.ts';
import { parseRange } from '../../../../server/media/files/send-file.ts';
import { MEDIA_URL_TTL_SECONDS, signMediaPath } from '../../../../server/media/files/signing.ts';
import { createUser } from '../../support/media-fixtures.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

/** /media/*: signed, expiring URLs to stored bytes, with Range. */
describe('signed media files', () => {
  let t: TestApp;
  let key: string;
  let avatar: string;
  let gone: string;
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
  const sign = (k: string, ttl?: number) => signMediaPath(t.config.secretKey, k, t.clock.now(), ttl);

  beforeAll(async () => {
    t = await createTestApp();
    // /media/ serves only keys a row names: a record's file, a user's avatar.
    const { id } = await createUser(t);
    [key, avatar, gone] = [`u/${id}/audio/abcDEF123.webm`, `u/${id}/avatar/face.jpg`, `u/${id}/audio/deleted.webm`];
    const now = t.clock.now().toISOString();
    const record = { user_id: id, kind: 'audio' as const, title: '', description: '', status: 'ready' as const, mime_type: 'audio/webm' };
    await t.db
      .insertInto('media')
      .values([
        { ...record, original_key: key, size: bytes.length, original_name: 'a.webm', created_at: now, updated_at: now },
        { ...record, original_key: gone, size: 1, original_name: 'b.webm', created_at: now, updated_at: now },
      ])
      .execute();
    await t.db.updateTable('users').set({ photo_key: avatar }).where('id', '=', id).execute();
    await t.storage.put(key, Readable.from([bytes]));
    await t.storage.put(avatar, Readable.from([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])]));
  });
  afterAll(() => t.close());

  it('serves a signed key with type, length, caching and safety headers', async () => {
    const res = await t.app.inject({ url: sign(key) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('audio/webm');
    expect(res.headers['content-length']).toBe('1000');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))![1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(MEDIA_URL_TTL_SECONDS);
    // Same-origin pages may embed it; helmet's same-origin resource policy stays.
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('serves avatars through the same route', async () => {
    const res = await t.app.inject({ url: sign(avatar) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
  });

  it('answers HEAD with the length and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: sign(key) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe('1000');
    expect(res.body).toBe('');
  });

  it('serves byte ranges (206) for seeking', async () => {
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=900-', 900, 999],
      ['bytes=-10', 990, 999],
      ['bytes=995-5000', 995, 999],
    ];
    for (const [range, start, end] of cases) {
      const res = await t.app.inject({ url: sign(key), headers: { range } });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(res.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
    }
  });

  it('answers 416 with Content-Range for ranges outside the file or malformed', async () => {
    for (const range of ['bytes=1000-', 'bytes=5000-6000', 'bytes=50-10', 'bytes=-0', 'bytes=abc']) {
      const res = await t.app.inject({ url: sign(key), headers: { range } });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range']).toBe('bytes */1000');
    }
    // Several ranges or another unit: the whole file.
    const whole = await t.app.inject({ url: sign(key), headers: { range: 'bytes=0-1,5-6' } });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.length).toBe(1000);
  });

  it('honours If-None-Match and If-Range', async () => {
    const first = await t.app.inject({ url: sign(key) });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await t.app.inject({ url: sign(key), headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    expect((await t.app.inject({ url: sign(key), headers: { range: 'bytes=0-1', 'if-range': etag } })).statusCode).toBe(206);
    expect((await t.app.inject({ url: sign(key), headers: { range: 'bytes=0-1', 'if-range': '"other"' } })).statusCode).toBe(200);
  });

  it('refuses missing, forged, foreign and expired signatures with the same 403', async () => {
    const good = sign(key);
    const u = new URL(good, 'http://x');
    const exp = u.searchParams.get('exp')!;
    const sig = u.searchParams.get('sig')!;
    const forgedSig = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    const otherKey = sign(key.replace('abcDEF123', 'other'));
    const otherSig = new URL(otherKey, 'http://x').searchParams.get('sig')!;
    const attempts = [
      u.pathname,
      `${u.pathname}?exp=${exp}`,
      `${u.pathname}?sig=${sig}`,
      `${u.pathname}?exp=${exp}&sig=${forgedSig}`,
      `${u.pathname}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `${u.pathname}?exp=${exp}&sig=${otherSig}`,
      `/media/${key.replace('abcDEF123', 'missing')}?exp=${exp}&sig=${sig}`,
    ];
    for (const url of attempts) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ detail: 'Доступ запрещён' });
      expect(res.headers['content-range']).toBeUndefined();
      expect(res.headers['accept-ranges']).toBeUndefined();
    }
    expect((await t.app.inject({ url: good })).statusCode).toBe(200);
    t.clock.advance((MEDIA_URL_TTL_SECONDS + 3600) * 1000);
    const expired = await t.app.inject({ url: good });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ detail: 'Доступ запрещён' });
  });

  it('answers 404 for a signed key of a record whose file is gone', async () => {
    const res = await t.app.inject({ url: sign(gone) });
    expect(res.statusCode).toBe(404);
  });

  it('parses keys strictly', () => {
    expect(keyFromUrl('/media/u/1/audio/a%20b.webm?x=1')).toBe('u/1/audio/a b.webm');
    expect(keyFromUrl('/media/u/1/../2/a.webm')).toBeNull();
    expect(keyFromUrl('/media/u/1//a.webm')).toBeNull();
    expect(keyFromUrl('/media/u/1/a%2Fb.webm')).toBeNull();
    expect(keyFromUrl('/media/etc/passwd/x')).toBeNull();
    expect(keyFromUrl('/media/u/1/%E0%A4%A')).toBeNull();
  });

  it('parses ranges like RFC 9110', () => {
    expect(parseRange(undefined, 10)).toEqual({ type: 'none' });
    expect(parseRange('items=0-1', 10)).toEqual({ type: 'none' });
    expect(parseRange('bytes=2-', 10)).toEqual({ type: 'range', start: 2, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ type: 'range', start: 7, end: 9 });
    expect(parseRange('bytes=-30', 10)).toEqual({ type: 'range', start: 0, end: 9 });
    expect(parseRange('bytes=0-0', 0)).toEqual({ type: 'unsatisfiable' });
  });
});
