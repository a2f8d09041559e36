import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { unavailableAnswer } from '../../../server/http/errors.ts';
import { missingCallsLine } from '../../../server/storage/abilities.ts';
import { storageFromConfig } from '../../../server/storage/from-config.ts';
import { S3Storage } from '../../../server/storage/s3.ts';
import { asStorageError } from '../../../server/storage/storage.ts';
import { RESUMABLE_UNAVAILABLE } from '../../../server/uploads/routes.ts';
import { createUser, tempDir } from '../support/media-fixtures.ts';
import { S3RVER_CREDENTIALS, startS3rver, type S3rverProcess } from '../support/s3rver.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { tusClient } from '../support/tus.ts';

/**
 * S3 servers without multipart listing (issue 46, R8): stock s3rver, as the README named it, answers ListParts
 * with MethodNotAllowed and ListMultipartUploads with NotImplemented, and every resumable upload failed with
 * 500 until ten unfinished ones locked the user out for a day.
 */
describe('an S3 server that lacks multipart calls', () => {
  let stock: S3rverProcess;
  beforeAll(async () => {
    stock = await startS3rver('kopilka-stock', { stock: true });
  });
  afterAll(() => stock.stop());

  const storageOn = async (server: S3rverProcess) => {
    const config = loadConfig({
      DATA_DIR: await tempDir('kopilka-abilities-'),
      MEDIA_STORAGE: server.mediaStorage('abilities'),
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      SECRET_KEY: 'abilities-test-secret-key-0123456789abcdef',
    });
    return storageFromConfig(config) as S3Storage;
  };

  it('is found out at start: what it lacks, and what that turns off, in one line', async () => {
    const missing = await (await storageOn(stock)).missingMultipartCalls();
    expect(missing).toEqual(expect.arrayContaining(['ListParts', 'ListMultipartUploads']));
    expect(missingCallsLine(missing)).toMatch(
      /^the media storage lacks ListParts, ListMultipartUploads.*: resumable uploads are off \(files go in one request\); cut-off multipart uploads are not cleaned up here/,
    );
  });

  it('while a full one (the tests’ shimmed s3rver) lacks nothing', async () => {
    const full = await startS3rver('kopilka-full');
    try {
      expect(await (await storageOn(full)).missingMultipartCalls()).toEqual([]);
    } finally {
      await full.stop();
    }
  });

  it('answers a resumable upload’s bytes 503 (it was 500) and drops the upload, so that it does not count toward the ten', async () => {
    // As when the start's probe could not run: the creation is let through, the first PATCH meets ListParts.
    const t = await createTestApp({
      storageKind: 's3',
      env: {
        MEDIA_STORAGE: stock.mediaStorage('lockout'),
        AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
        AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      },
    });
    try {
      const user = await createUser(t);
      const tus = tusClient(t.app);
      const created = await tus.create(user.headers, 4, { kind: 'audio', title: 'запись' });
      expect(created.statusCode, created.body).toBe(201);
      const patched = await tus.patch(user.headers, created.headers.location!, 0, Buffer.from('abcd'));
      expect(patched.statusCode, patched.body).toBe(503);
      expect(patched.headers['retry-after']).toBeDefined();
      const end = Date.now() + 5000;
      while ((await t.db.selectFrom('uploads').select('id').execute()).length > 0 && Date.now() < end)
        await new Promise((r) => setTimeout(r, 50));
      expect(await t.db.selectFrom('uploads').select('id').execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('refuses with 503, not 500: a call the storage does not implement is the storage’s trouble', () => {
    for (const name of ['MethodNotAllowed', 'NotImplemented']) {
      const refused = Object.assign(new Error(name), { name, $metadata: { httpStatusCode: name === 'NotImplemented' ? 501 : 405 } });
      expect(unavailableAnswer(asStorageError(refused))?.error.status, name).toBe(503);
    }
  });
});

describe('resumable uploads on a storage without ListParts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ storageLacks: ['ListParts', 'ListMultipartUploads'] });
  });
  afterAll(() => t.close());

  it('are refused at once with 503 and a code the app falls back on, leaving nothing that counts toward the ten', async () => {
    const user = await createUser(t);
    const tus = tusClient(t.app);
    for (let i = 0; i < 12; i++) {
      const res = await tus.create(user.headers, 1000, { kind: 'audio', title: `запись ${i}` });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: RESUMABLE_UNAVAILABLE, code: 'resumable_unavailable' });
    }
    expect(await t.db.selectFrom('uploads').select('id').execute()).toEqual([]);
  });

  it('and readiness says what the storage lacks', async () => {
    const res = await t.app.inject({ url: '/api/health/ready/' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ storage_lacks: string[] }>().storage_lacks).toEqual(['ListParts', 'ListMultipartUploads']);
  });
});
