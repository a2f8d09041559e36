import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '../../../../contract/account.ts';
import { audioRecordSchema } from '../../../../contract/media.ts';
import { signMediaPath } from '../../../../server/media/files/signing.ts';
import type { Storage } from '../../../../server/storage/storage.ts';
import { bodyOf } from '../../support/inject-json.ts';
import { audioFixtures, createUser, multipart, pathOf, tempDir } from '../../support/media-fixtures.ts';
import { processed } from '../../support/processing.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import type { StorageKind } from '../../support/test-storage.ts';

/** The app's own storage, except that nothing can be deleted from it (a read-only folder, a bucket refusing). */
const refusingDeletes = (s: Storage): Storage => {
  const refused = async () => {
    throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
  };
  return {
    localFiles: s.localFiles,
    put: (key, source, opts) => s.put(key, source, opts),
    read: (key, range) => s.read(key, range),
    stat: (key) => s.stat(key),
    list: (prefix) => s.list(prefix),
    withLocalFile: (key, use, dir) => s.withLocalFile(key, use, dir),
    removeStaleTemp: (olderThan) => s.removeStaleTemp(olderThan),
    move: (from, to) => s.move!(from, to),
    delete: refused,
    deletePrefix: refused,
  };
};

/**
 * A signed /media/ URL lives only as long as a record (or an avatar) names its key: deleting the record
 * stops its URLs at once, on both storages, even while its bytes are still stored.
 */
describe.each<StorageKind>(['local', 's3'])('signed URLs of deleted records (%s)', (storageKind) => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof createUser>>;
  let wav: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ storageKind, wrapStorage: refusingDeletes });
    alice = await createUser(t, 'alice');
    wav = readFileSync((await audioFixtures(await tempDir(), 1)).wav);
  });
  afterAll(() => t.close());

  it('answers 404 to every URL of a deleted record, whole or a range, though its bytes could not be removed yet', async () => {
    const body = multipart({ title: 'запись' }, { field: 'audio_file', filename: 'tone.wav', contentType: 'audio/wav', data: wav });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/media/audio/',
      headers: { ...alice.headers, ...body.headers },
      payload: body.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = bodyOf(created, audioRecordSchema);
    const { audio_file: playable } = await processed(t, alice, 'audio', id);
    const row = await t.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    // The original's key signed as the owner's URLs are (no record hands out a URL of the original).
    const urls = [signMediaPath(t.config.secretKey, row.original_key, t.clock.now()), pathOf(playable as string)];
    for (const url of urls) expect((await t.app.inject({ url, headers: { range: 'bytes=0-9' } })).statusCode).toBe(206);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/audio/${id}/`, headers: alice.headers })).statusCode).toBe(204);
    expect(await t.storage.stat(row.original_key)).not.toBeNull(); // the bytes are still there
    for (const url of urls) {
      for (const headers of [{}, { range: 'bytes=0-9' }]) {
        const res = await t.app.inject({ url, headers });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ detail: 'Не найдено.' });
      }
      expect((await t.app.inject({ method: 'HEAD', url })).statusCode).toBe(404);
    }
  });

  it('stops serving a removed avatar at once', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const body = multipart({}, { field: 'photo', filename: 'me.jpg', contentType: 'image/jpeg', data: jpeg });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/profile/photo/',
      headers: { ...alice.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = pathOf(bodyOf(res, userSchema).photo_url!);
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/profile/photo/', headers: alice.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });

  it('serves no stored bytes that no record names, even under a valid signature', async () => {
    const key = `u/${alice.id}/audio/NoRecordNamesMe.webm`;
    await t.storage.put(key, Readable.from([Buffer.from('stray bytes')]));
    expect((await t.app.inject({ url: signMediaPath(t.config.secretKey, key, t.clock.now()) })).statusCode).toBe(404);
  });
});
