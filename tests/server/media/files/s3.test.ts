import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioRecordSchema } from '../../../../contract/media.ts';
import { STORAGE_UNAVAILABLE_DETAIL } from '../../../../server/http/errors.ts';
import { signMediaPath } from '../../../../server/media/files/signing.ts';
import { RECONCILE_AGE_MS, reconcileStorage } from '../../../../server/storage/reconcile.ts';
import { parseMediaStorage, type S3Setting } from '../../../../server/media-storage-setting.ts';
import { createS3Client, S3Storage } from '../../../../server/storage/s3.ts';
import { bodyOf, matching } from '../../support/inject-json.ts';
import { audioFixtures, createUser, multipart, pathOf, tempDir } from '../../support/media-fixtures.ts';
import { processed, settle } from '../../support/processing.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { readStored, s3TestEnv, storedFiles } from '../../support/test-storage.ts';

type User = Awaited<ReturnType<typeof createUser>>;

/**
 * The product with its media in an S3 bucket (the test S3), whatever backend the rest of this run
 * uses: /media/ streams from the bucket with Range, a deleted record's URL dies at once, nothing is
 * left in the bucket or the work folder, and the reconciliation finds what no row names by listing.
 */
describe('media in an S3 bucket', () => {
  let t: TestApp;
  let alice: User;
  let wav: Buffer;

  const upload = (user: User, data: Buffer, title = 'запись') => {
    const body = multipart({ title }, { field: 'audio_file', filename: 'tone.wav', contentType: 'audio/wav', data });
    return t.app.inject({ method: 'POST', url: '/api/media/audio/', headers: { ...user.headers, ...body.headers }, payload: body.payload });
  };

  beforeAll(async () => {
    t = await createTestApp({ storageKind: 's3' });
    alice = await createUser(t, 'alice');
    wav = readFileSync((await audioFixtures(await tempDir(), 2)).wav);
  });
  afterAll(() => t.close());

  it('keeps the upload in the bucket, not on local disk, and no local copy once processed', async () => {
    expect(t.storage).toBeInstanceOf(S3Storage);
    const res = await upload(alice, wav);
    expect(res.statusCode, res.body).toBe(201);
    await processed(t, alice, 'audio', bodyOf(res, audioRecordSchema).id);
    const row = await t.db.selectFrom('media').selectAll().where('id', '=', bodyOf(res, audioRecordSchema).id).executeTakeFirstOrThrow();
    expect((await readStored(t.storage, row.original_key)).equals(wav)).toBe(true);
    const files = await storedFiles(t);
    expect(files).toEqual([row.original_key, row.playable_key].sort());
  });

  it('serves a signed URL from the bucket: whole, HEAD, and byte ranges (206) for seeking', async () => {
    const res = await upload(await createUser(t), wav); // a user of its own: the same file once per owner
    const row = await t.db.selectFrom('media').selectAll().where('id', '=', bodyOf(res, audioRecordSchema).id).executeTakeFirstOrThrow();
    // The original's key signed as the owner's URLs are (no record hands out a URL of the original).
    const url = signMediaPath(t.config.secretKey, row.original_key, t.clock.now());
    const whole = await t.app.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.rawPayload.equals(wav)).toBe(true);
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.headers['content-length']).toBe(String(wav.length));
    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=1000-', 1000, wav.length - 1],
      ['bytes=-10', wav.length - 10, wav.length - 1],
    ] as const) {
      const part = await t.app.inject({ url, headers: { range } });
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${wav.length}`);
      expect(part.rawPayload.equals(wav.subarray(start, end + 1))).toBe(true);
    }
    expect((await t.app.inject({ url, headers: { range: `bytes=${wav.length}-` } })).statusCode).toBe(416);
  });

  it('sends a download from the bucket under its title, with Range', async () => {
    const owner = await createUser(t);
    const res = await upload(owner, wav, 'Скачать');
    const id: number = bodyOf(res, audioRecordSchema).id;
    const dl = await t.app.inject({
      url: `/api/media/audio/${id}/download/?format=original`,
      headers: { ...owner.headers, range: 'bytes=0-43' },
    });
    expect(dl.statusCode).toBe(206);
    expect(dl.headers['content-disposition']).toContain("filename*=UTF-8''%D0%A1%D0%BA%D0%B0%D1%87%D0%B0%D1%82%D1%8C.wav");
    expect(dl.rawPayload.equals(wav.subarray(0, 44))).toBe(true);
  });

  it('stops serving a deleted record’s signed URLs at once, and its objects are gone from the bucket once it leaves the trash', async () => {
    const owner = await createUser(t);
    const res = await upload(owner, wav);
    const { id, audio_file: playable } = matching(audioRecordSchema, await processed(t, owner, 'audio', bodyOf(res, audioRecordSchema).id));
    const row = await t.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const original = signMediaPath(t.config.secretKey, row.original_key, t.clock.now());
    expect((await t.app.inject({ url: original })).statusCode).toBe(200);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/media/audio/${id}/`, headers: owner.headers });
    expect(del.statusCode).toBe(204);
    for (const url of [original, playable]) {
      expect((await t.app.inject({ url: pathOf(url!) })).statusCode).toBe(404);
      expect((await t.app.inject({ url: pathOf(url!), headers: { range: 'bytes=0-9' } })).statusCode).toBe(404);
    }
    const purge = await t.app.inject({ method: 'DELETE', url: `/api/media/trash/audio/${id}/`, headers: owner.headers });
    expect(purge.statusCode).toBe(204);
    await settle(t); // the objects go by a job
    const left = await storedFiles(t);
    expect(left).not.toContain(row.original_key);
    expect(left).not.toContain(row.playable_key);
  });

  it('reconciles objects no row names once untouched for an hour, found by listing the bucket, and keeps stored media', async () => {
    const key = `u/${alice.id}/audio/Crashed00001.upload`;
    await t.storage.put(key, Readable.from([Buffer.from('half an upload')]));
    const stored = (await storedFiles(t)).filter((k) => !k.endsWith('.upload'));
    const reconcile = () => reconcileStorage({ db: t.db, storage: t.storage, clock: t.clock });
    expect((await reconcile()).objects).toBe(0); // recent: may belong to a live upload
    t.clock.advance(RECONCILE_AGE_MS + 60_000);
    expect((await reconcile()).objects).toBe(1);
    expect(await t.storage.stat(key)).toBeNull();
    expect(await storedFiles(t)).toEqual(stored);
  });

  it('answers 503 (the storage unavailable), not "upload cut off", when the bucket refuses the bytes, and keeps no record', async () => {
    const setting = parseMediaStorage(s3TestEnv().MEDIA_STORAGE!, s3TestEnv()) as S3Setting;
    const broken = await createTestApp({
      storage: new S3Storage({
        client: createS3Client(setting),
        bucket: 'no-such-bucket-here',
        prefix: '',
        workDir: path.join(t.dataDir, 'w'),
      }),
    });
    try {
      const user = await createUser(broken, 'carol');
      const body = multipart({}, { field: 'audio_file', filename: 'tone.wav', contentType: 'audio/wav', data: wav });
      const res = await broken.app.inject({
        method: 'POST',
        url: '/api/media/audio/',
        headers: { ...user.headers, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({ detail: STORAGE_UNAVAILABLE_DETAIL });
      expect(res.headers['retry-after']).toBe('60');
      expect(await broken.db.selectFrom('media').selectAll().execute()).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});
