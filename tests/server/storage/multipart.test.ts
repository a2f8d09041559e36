import { CreateMultipartUploadCommand, UploadPartCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeWorker } from '../../../server/compose.ts';
import type { JobKind, Lane } from '../../../server/db/tables/jobs.ts';
import { RECONCILE_AGE_MS, reconcileStorage } from '../../../server/storage/reconcile.ts';
import type { S3Setting } from '../../../server/media-storage-setting.ts';
import { createS3Client, S3Storage } from '../../../server/storage/s3.ts';
import { createUser } from '../support/media-fixtures.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const quiet = { error: () => {}, warn: () => {}, info: () => {} };

/**
 * The multipart uploads a killed process leaves in a bucket (its parts stored and billed, listed as no
 * object) are aborted: by the purge of the cut-off upload's journal entry once its lease runs out, and by
 * the storage check for any that nothing in progress owns once an hour old. In every pass, against the
 * test S3.
 */
describe('unfinished multipart uploads in the bucket', () => {
  let t: TestApp;
  let client: S3Client;
  let base: string;
  let userId: number;

  beforeAll(async () => {
    t = await createTestApp({ storageKind: 's3', env: { RUN_JOBS: 'false' } });
    const setting = t.config.mediaStorage as S3Setting;
    client = createS3Client(setting);
    base = setting.prefix ? `${setting.prefix}/` : '';
    userId = (await createUser(t)).id;
  });
  afterAll(async () => {
    client.destroy();
    await t.close();
  });

  /** What a process killed mid-upload leaves: a multipart upload begun, with a part, never completed. */
  async function cutOff(key: string): Promise<void> {
    const bucket = (t.config.mediaStorage as S3Setting).bucket;
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: base + key }));
    await client.send(
      new UploadPartCommand({ Bucket: bucket, Key: base + key, UploadId, PartNumber: 1, Body: Buffer.alloc(5 * 1024 * 1024, 7) }),
    );
  }
  const unfinished = async () => {
    const keys: string[] = [];
    for await (const upload of (t.storage as S3Storage).unfinishedUploads('')) keys.push(upload.key);
    return keys.sort();
  };
  const job = (values: { payload?: string; claim: string; leaseMs: number; kind?: JobKind; lane?: Lane }) => {
    const now = t.clock.now();
    return t.db
      .insertInto('jobs')
      .values({
        kind: values.kind ?? 'purge-files',
        lane: values.lane ?? 'housekeeping',
        payload: values.payload ?? '{}',
        run_after: now.toISOString(),
        claim: values.claim,
        lease_until: new Date(now.getTime() + values.leaseMs).toISOString(),
        attempts: 0,
        created_at: now.toISOString(),
      })
      .execute();
  };

  it('lists them, though listing objects does not show them', async () => {
    const key = `u/${userId}/audio/Listed0000000000.upload`;
    await cutOff(key);
    expect(await unfinished()).toEqual([key]);
    const objects: string[] = [];
    for await (const { key: k } of t.storage.list('')) objects.push(k);
    expect(objects).toEqual([]);
    await t.storage.abortUnfinished!((await first(key))!);
    expect(await unfinished()).toEqual([]);
  });

  it('aborts the multipart upload of an upload cut off by a killed process, once its journal entry’s lease runs out', async () => {
    const upload = `u/${userId}/video/Killed0000000000`;
    await cutOff(`${upload}.upload`);
    await job({
      payload: JSON.stringify({ keys: [`${upload}.upload`], prefixes: [`${upload}.`, `${upload}-`] }),
      claim: 'c0ffee000002',
      leaseMs: 15_000,
    });
    const worker = composeWorker(t.deps, quiet, t.services.queue);
    await worker.settle();
    expect(await unfinished()).toEqual([`${upload}.upload`]); // its process might still be uploading

    t.clock.advance(15_001);
    await worker.settle();
    expect(await unfinished()).toEqual([]);
    expect(await t.db.selectFrom('jobs').selectAll().where('kind', '=', 'purge-files').execute()).toEqual([]);
  });

  it('the storage check aborts those nothing in progress owns once older than an hour, and leaves the others', async () => {
    const orphan = `u/${userId}/audio/Orphan0000000000.upload`;
    const journalled = `u/${userId}/audio/Uploading0000000`;
    const claim = 'abcdef012345';
    const rendition = `u/${userId}/video/Processing000000-${claim}.mp4`;
    const staged = `u/${userId}/uploads/0123456789abcdef0123456789abcdef`;
    for (const key of [orphan, `${journalled}.upload`, rendition, staged]) await cutOff(key);
    const reconcile = () => reconcileStorage({ db: t.db, storage: t.storage, clock: t.clock });

    expect((await reconcile()).multipart).toBe(0); // all of them young
    t.clock.advance(RECONCILE_AGE_MS + 1_000);
    // Their owners, live now: an upload request's journal entry, a processing run's claim, a resumable upload.
    await job({
      payload: JSON.stringify({ keys: [], prefixes: [`${journalled}.`, `${journalled}-`] }),
      claim: 'c0ffee000003',
      leaseMs: 15_000,
    });
    await job({ kind: 'process-video', lane: 'video', claim, leaseMs: 15_000 });
    const now = t.clock.now();
    await t.db
      .insertInto('uploads')
      .values({
        id: `${userId}-0123456789abcdef0123456789abcdef`,
        user_id: userId,
        kind: 'video',
        size: 10 * 1024 * 1024,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
        finishing_at: null,
        title: '',
        description: '',
        filename: '',
        hash_offset: 0,
        hash_state: null,
      })
      .execute();

    expect((await reconcile()).multipart).toBe(1);
    expect(await unfinished()).toEqual([`${journalled}.upload`, rendition, staged].sort());

    // Once their owners are gone (the request ended, the run lost its claim, the upload was given up), so are they.
    await t.db.deleteFrom('jobs').execute();
    await t.db.deleteFrom('uploads').execute();
    expect((await reconcile()).multipart).toBe(3);
    expect(await unfinished()).toEqual([]);
  });

  async function first(key: string) {
    for await (const upload of (t.storage as S3Storage).unfinishedUploads(key)) return upload;
    return undefined;
  }
});
