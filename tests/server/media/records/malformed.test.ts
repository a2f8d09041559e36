import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { audioRecordSchema } from '../../../../contract/media.ts';
import { bodyOf } from '../../support/inject-json.ts';
import { audioFixtures, createUser, multipart, tempDir } from '../../support/media-fixtures.ts';
import { processed } from '../../support/processing.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { storedFiles } from '../../support/test-storage.ts';

/** Bad input to the media API is a DRF-shaped 4xx, never a 500, and never leaves anything behind. */
describe('malformed media requests', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof createUser>>;
  let ogg: Buffer;
  let id: number;

  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t);
    ogg = readFileSync((await audioFixtures(await tempDir(), 1)).ogg);
    const body = multipart({ title: 'есть' }, { field: 'audio_file', filename: 'a.ogg', data: ogg });
    id = bodyOf(
      await t.app.inject({
        method: 'POST',
        url: '/api/media/audio/',
        headers: { ...user.headers, ...body.headers },
        payload: body.payload,
      }),
      audioRecordSchema,
    ).id;
    await processed(t, user, 'audio', id); // its job, done before the storage is compared
  });
  afterAll(() => t.close());

  const cases: [string, { method: 'POST' | 'PATCH'; url?: string; headers?: Record<string, string>; payload?: string | Buffer }][] = [
    ['multipart without a boundary', { method: 'POST', headers: { 'content-type': 'multipart/form-data' }, payload: 'abc' }],
    [
      'multipart cut off in the middle of the file',
      {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        payload: '--b\r\nContent-Disposition: form-data; name="audio_file"; filename="a.ogg"\r\n\r\nOggS',
      },
    ],
    [
      'multipart with a broken part header',
      { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=b' }, payload: '--b\r\nnonsense\r\n\r\nx\r\n--b--\r\n' },
    ],
    [
      'a __proto__ field',
      {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        payload: '--b\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--b--\r\n',
      },
    ],
    [
      'two files',
      {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        payload:
          '--b\r\nContent-Disposition: form-data; name="audio_file"; filename="a"\r\n\r\nOggS\r\n--b\r\nContent-Disposition: form-data; name="audio_file"; filename="b"\r\n\r\nOggS\r\n--b--\r\n',
      },
    ],
    ['an unknown content type', { method: 'POST', headers: { 'content-type': 'application/xml' }, payload: '<a/>' }],
    ['a JSON array as the edit', { method: 'PATCH', url: 'item', headers: { 'content-type': 'application/json' }, payload: '[1,2]' }],
    [
      'invalid UTF-8 in a form edit',
      {
        method: 'PATCH',
        url: 'item',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: Buffer.from([0x74, 0x69, 0x74, 0x6c, 0x65, 0x3d, 0xff, 0xfe]),
      },
    ],
    [
      'a broken multipart edit',
      {
        method: 'PATCH',
        url: 'item',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        payload: '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc',
      },
    ],
  ];
  for (const [label, req] of cases) {
    it(`answers ${label} with a 4xx and a detail or field errors`, async () => {
      const before = await storedFiles(t);
      const res = await t.app.inject({
        method: req.method,
        url: req.url === 'item' ? `/api/media/audio/${id}/` : '/api/media/audio/',
        headers: { ...user.headers, ...req.headers },
        payload: req.payload,
      });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      const body = res.json<Record<string, unknown>>();
      expect(typeof body).toBe('object');
      expect(Object.values(body).every((v) => typeof v === 'string' || (Array.isArray(v) && v.every((m) => typeof m === 'string')))).toBe(
        true,
      );
      expect(await storedFiles(t)).toEqual(before);
    });
  }

  it('still has the one record, unchanged', async () => {
    const list = bodyOf(await t.app.inject({ url: '/api/media/audio/', headers: user.headers }), z.array(audioRecordSchema));
    expect(list.map((r) => [r.id, r.title])).toEqual([[id, 'есть']]);
  });
});
