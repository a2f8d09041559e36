import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { audioRecordSchema } from '../../../contract/media.ts';
import { ManualClock } from '../../../server/clock.ts';
import { composeQueue, composeWorker, startWorker } from '../../../server/compose.ts';
import { DatabaseClock, databaseTime } from '../../../server/db/database-clock.ts';
import { purgeFilesJob } from '../../../server/storage/purge-files.ts';
import { RECONCILE_EVERY_MS } from '../../../server/storage/reconcile.ts';
import { outsideRetryAfterMs } from '../../../server/jobs/retries.ts';
import type { Worker } from '../../../server/jobs/worker.ts';
import { PROCESSING_ATTEMPTS } from '../../../server/media/processing/jobs.ts';
import { bodyOf } from '../support/inject-json.ts';
import { audioFixtures, createUser, multipart, tempDir } from '../support/media-fixtures.ts';
import { processed } from '../support/processing.ts';
import { makeReadOnly } from '../support/read-only-folder.ts';
import { s3Switch, type S3Switch } from '../support/s3-switch.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { sendMultipart } from '../support/uploads.ts';

const quiet = { error: () => {}, warn: () => {}, info: () => {} };

/**
 * Jobs in a deployment whose parts fail now and then: a storage or database outage is not the fault
 * of the files that met it (they are tried again, minutes apart, for as long as it lasts); claims and
 * schedules go by the database's clock, not by each process's own; each worker sweeps the work
 * folders that runs which are over left on its own disk.
 */

describe.each(['a read-only media folder', 'a stopped bucket'] as const)('processing while the storage is unavailable: %s', (outage) => {
  let t: TestApp;
  let s3: S3Switch | undefined;
  let wav: Buffer;
  let storageDown: () => Promise<void>;
  let storageBack: () => Promise<void>;

  beforeAll(async () => {
    wav = readFileSync((await audioFixtures(await tempDir(), 1)).wav);
    if (outage === 'a stopped bucket') {
      const relay = await s3Switch();
      s3 = relay;
      t = await createTestApp({ env: relay.env });
      storageDown = () => relay.set('refuse');
      storageBack = () => relay.set('pass');
    } else {
      t = await createTestApp({ storageKind: 'local' });
      const media = path.join(t.dataDir, 'media');
      let undo = () => {};
      storageDown = async () => {
        mkdirSync(media, { recursive: true });
        undo = makeReadOnly(media);
      };
      storageBack = async () => undo();
    }
  });
  afterAll(async () => {
    await storageBack();
    await t.close();
    await s3?.close();
  });

  it('tries the job again 5 s, 10 s, 20 s, 40 s … later past its attempts, and the recording is ready once the storage is back', async () => {
    const alice = await createUser(t);
    const body = multipart({ title: 'перед сбоем' }, { field: 'audio_file', filename: 'tone.wav', contentType: 'audio/wav', data: wav });
    // The upload is accepted just before the storage goes away: its job has not run yet.
    const worker = t.services.worker!;
    await worker.stop();
    const res = await sendMultipart(t, alice, '/api/media/audio/', body);
    expect(res.statusCode, res.body).toBe(201);
    const id = bodyOf(res, audioRecordSchema).id;
    const job = () => t.db.selectFrom('jobs').selectAll().where('media_id', '=', id).executeTakeFirstOrThrow();
    await storageDown();
    const again = composeWorker(t.deps, quiet, t.services.queue);
    try {
      let waited = 0;
      for (let failures = 1; failures <= PROCESSING_ATTEMPTS + 2; failures++) {
        await again.settle();
        const row = await job();
        expect(row, `after ${failures} failed runs`).toMatchObject({ attempts: failures, failures, lease_until: null });
        expect(row.last_error).toMatch(/media storage unavailable/);
        const wait = 5_000 * 2 ** (failures - 1);
        expect(Date.parse(row.run_after) - t.clock.now().getTime()).toBe(wait);
        t.clock.advance(wait);
        waited += wait;
        const record = bodyOf(await t.app.inject({ url: `/api/media/audio/${id}/`, headers: alice.headers }), audioRecordSchema);
        expect(record).toMatchObject({ status: 'processing', failure_reason: null });
      }
      expect(waited).toBe(155_000); // over two and a half minutes, and it goes on

      await storageBack();
      await again.settle();
      expect(await processed(t, alice, 'audio', id)).toMatchObject({ status: 'ready', failure_reason: null });
    } finally {
      await again.stop();
    }
  });
});

describe('the backoff of outside failures', () => {
  it('doubles from 5 s and stays at most 5 minutes apart', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(outsideRetryAfterMs)).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000,
    ]);
  });
});

describe("claims and schedules by the database's clock", () => {
  let t: TestApp;
  const workers: Worker[] = [];
  const clocks: DatabaseClock[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { RUN_JOBS: 'false' } });
  });
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.stop();
    for (const c of clocks.splice(0)) c.stop();
  });
  afterAll(() => t.close());

  /** A worker process as process/api.ts composes it: the process's clock `skewMs` off, the lease clock the database's. */
  async function worker(skewMs: number) {
    const jobClock = await DatabaseClock.start(t.db);
    clocks.push(jobClock);
    const deps = { ...t.deps, clock: new ManualClock(Date.now() + skewMs), jobClock };
    const queue = composeQueue(deps, quiet);
    const w = composeWorker(deps, quiet, queue, { pollMs: 20 });
    workers.push(w);
    return { queue, worker: w, jobClock };
  }

  it('reads the database server’s time, and keeps to it between readings', async () => {
    const { jobClock } = await worker(2 * 60 * 60_000);
    for (let i = 0; i < 3; i++) {
      const before = (await databaseTime(t.db)).getTime();
      const read = jobClock.now().getTime();
      const after = (await databaseTime(t.db)).getTime();
      // The clock is the database's time at the middle of its last reading's round trip, so off by at most half
      // of it, plus the readings' millisecond. A fixed 50 ms margin failed on a loaded machine: the clock read
      // 59 ms past the later reading, so its own reading had taken at least 118 ms.
      const margin = jobClock.uncertaintyMs + 5;
      expect(read).toBeGreaterThanOrEqual(before - margin);
      expect(read).toBeLessThanOrEqual(after + margin);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it('a worker whose own clock is 20 s ahead claims nothing another process holds and renews', async () => {
    // The journal entry of an upload in progress: held (and renewed) by the process receiving it. Run early,
    // it would remove the upload's bytes under it.
    const { queue } = await worker(0);
    const held = await queue.hold(purgeFilesJob({ keys: ['u/1/audio/Uploading0000000.upload'] }));
    const { worker: ahead } = await worker(20_000);
    ahead.start();
    await new Promise((r) => setTimeout(r, 300));
    await ahead.settle();
    const row = await t.db.selectFrom('jobs').selectAll().where('id', '=', held.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ claim: held.claim, attempts: 0 });
    expect(await held.settle()).toBe(true);
  });

  it('a worker whose own clock is 2 h ahead schedules the shared storage check an hour from the database’s now', async () => {
    const { worker: ahead, queue } = await worker(2 * 60 * 60_000);
    await startWorker(ahead, queue);
    await ahead.settle();
    const check = await t.db.selectFrom('jobs').selectAll().where('kind', '=', 'reconcile-storage').executeTakeFirstOrThrow();
    const due = Date.parse(check.run_after) - (await databaseTime(t.db)).getTime();
    expect(due).toBeGreaterThan(RECONCILE_EVERY_MS - 10_000);
    expect(due).toBeLessThanOrEqual(RECONCILE_EVERY_MS);
  });
});

describe('the work folders of runs that are over', () => {
  let t: TestApp;
  let worker: Worker | undefined;
  beforeAll(async () => {
    t = await createTestApp({ env: { RUN_JOBS: 'false' } });
  });
  afterAll(async () => {
    await worker?.stop();
    await t.close();
  });

  it('are removed from each worker’s own disk at its start and then periodically; those of live claims stay', async () => {
    const workRoot = path.join(t.dataDir, 'work', 'jobs');
    const folder = (name: string) => {
      mkdirSync(path.join(workRoot, name), { recursive: true });
      writeFileSync(path.join(workRoot, name, 'copy.webm'), 'what a killed run left');
      return path.join(workRoot, name);
    };
    const now = t.clock.now();
    const live = 'aaaaaaaaaaaa';
    await t.db
      .insertInto('jobs')
      .values({
        kind: 'process-video',
        lane: 'video',
        run_after: now.toISOString(),
        claim: live,
        lease_until: new Date(now.getTime() + 60_000).toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
    const liveFolder = folder(live);
    const dead = folder('bbbbbbbbbbbb');
    const notOurs = path.join(workRoot, 'README');
    writeFileSync(notOurs, 'not a run');

    worker = composeWorker(t.deps, quiet, t.services.queue, { sweepEveryMs: 100 });
    worker.start();
    const until = async (cond: () => boolean) => {
      for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 20));
    };
    await until(() => !existsSync(dead));
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(liveFolder)).toBe(true);
    expect(existsSync(notOurs)).toBe(true);

    // A run that dies later: its folder goes at the next sweep, once its claim has run out.
    const later = folder('cccccccccccc');
    await until(() => !existsSync(later));
    expect(existsSync(later)).toBe(false);
    expect(existsSync(liveFolder)).toBe(true);
  });
});
