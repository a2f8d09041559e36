import { createReadStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { videoRecordSchema } from '../../../contract/media.ts';
import { composeWorker } from '../../../server/compose.ts';
import { DEFAULT_LEASE } from '../../../server/jobs/kinds.ts';
import type { Lease } from '../../../server/config.ts';
import { JobQueue } from '../../../server/jobs/queue.ts';
import { JobsRepository } from '../../../server/jobs/repository.ts';
import type { Worker } from '../../../server/jobs/worker.ts';
import { createProcessor } from '../../../server/media/processing/processor.ts';
import type { Storage } from '../../../server/storage/storage.ts';
import { matching } from '../support/inject-json.ts';
import { audioFixtures, createUser, ffmpeg, ffmpegBin, tempDir } from '../support/media-fixtures.ts';
import { processed } from '../support/processing.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { storedFiles } from '../support/test-storage.ts';
import { acceptedUpload } from '../support/uploads.ts';
import { gatedProcessor } from '../support/gated-processor.ts';
import { until as untilEvery } from '../../support/until.ts';

/**
 * Several processes on one database and one storage: each "process" here is a worker composed as
 * `npm start` or `npm run worker` composes it, on the test app's database, storage and clock (the
 * app itself runs no jobs). A job runs in exactly one of them at a time; a dead one's job is taken
 * over as soon as its lease runs out, and a stalled one can no longer write anything.
 */

/** Checks every 10 ms, for 20 s at most. */
const until = (what: string, cond: () => boolean | Promise<boolean>, ms = 20_000) => untilEvery(what, cond, ms, 10);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quiet = { error: () => {}, warn: () => {}, info: () => {} };

describe('jobs shared by several processes (one database)', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof createUser>>;
  let dir: string;
  let webm: string;
  let mp3: string;
  const workers: Worker[] = [];
  const gates: ReturnType<typeof gatedProcessor>[] = [];

  /** Another process running a worker now: the same database, storage and clock; its own counted ffmpeg and lease. */
  function startProcess(opts: { lease?: Lease; storage?: Storage; concurrency?: { short?: number; video?: number } } = {}) {
    const gate = gatedProcessor(createProcessor({ ffmpegPath: ffmpegBin }));
    gates.push(gate);
    const deps = { ...t.deps, processor: gate.processor, storage: opts.storage ?? t.storage };
    const queue = new JobQueue({ db: t.db, clock: t.clock, lease: opts.lease ?? DEFAULT_LEASE, log: quiet });
    const worker = composeWorker(deps, quiet, queue, { pollMs: 20, concurrency: opts.concurrency });
    workers.push(worker);
    worker.start();
    return { gate, worker };
  }

  /** Each upload a file of its own (the clip under another title): the same file twice is refused as already kept. */
  let copies = 0;
  const uploadVideo = async () => {
    const copy = webm.replace(/\.webm$/, `-${(copies += 1)}.webm`);
    await ffmpeg(['-i', webm, '-c', 'copy', '-metadata', `title=copy ${copies}`, copy]);
    return acceptedUpload(t, alice, 'video', {}, { filename: 'clip.webm', contentType: 'video/webm', data: readFileSync(copy) });
  };

  /** A video record left processing, and its job: unclaimed, or held by the claim of a process that died. */
  async function processingVideo(dead?: { claim: string; leaseUntil: string }) {
    const key = `u/${alice.id}/video/${Math.random().toString(36).slice(2, 18).padEnd(16, '0')}.webm`;
    await t.storage.put(key, createReadStream(webm));
    const now = t.clock.now().toISOString();
    const { id } = await t.db
      .insertInto('media')
      .values({
        user_id: alice.id,
        kind: 'video',
        title: '',
        description: '',
        status: 'processing',
        original_key: key,
        mime_type: 'video/webm',
        size: readFileSync(webm).length,
        original_name: 'x.webm',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('jobs')
      .values({
        kind: 'process-video',
        lane: 'video',
        media_id: id,
        run_after: now,
        attempts: dead ? 1 : 0,
        claim: dead?.claim ?? null,
        lease_until: dead?.leaseUntil ?? null,
        created_at: now,
      })
      .execute();
    return { id, base: key.replace(/\.webm$/, '') };
  }
  const jobOf = async (mediaId: number) => t.db.selectFrom('jobs').selectAll().where('media_id', '=', mediaId).executeTakeFirst();
  const row = (id: number) => t.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const filesUnder = async (base: string) => (await storedFiles(t)).filter((f) => f.startsWith(base)).sort();
  const inFuture = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

  beforeAll(async () => {
    t = await createTestApp({ env: { RUN_JOBS: 'false' } });
    alice = await createUser(t, 'alice');
    dir = await tempDir();
    webm = path.join(dir, 'clip.webm');
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=15', '-c:v', 'libvpx', '-b:v', '100k', webm]);
    mp3 = (await audioFixtures(dir, 1)).mp3;
  });
  afterEach(async () => {
    for (const gate of gates.splice(0)) gate.release();
    for (const worker of workers.splice(0)) {
      await worker.stop();
      await worker.settle(); // a run handed back at shutdown still ends here
    }
    await t.db.deleteFrom('jobs').execute();
  });
  afterAll(() => t.close());

  it('a job one process runs is not run again by another process meanwhile', async () => {
    const a = startProcess();
    a.gate.hold();
    const id = await uploadVideo();
    await until('the first process to start the job', () => a.gate.waiting === 1);
    const claimed = await jobOf(id);
    expect(claimed).toMatchObject({ kind: 'process-video', lane: 'video', attempts: 1, lease_until: inFuture(DEFAULT_LEASE.ms) });

    const b = startProcess();
    await sleep(200); // many polls of the second process
    expect(b.gate.probes).toBe(0);
    expect(await jobOf(id)).toEqual(claimed);

    a.gate.release();
    expect(await processed(t, alice, 'video', id)).toMatchObject({ status: 'ready' });
    expect(await jobOf(id)).toBeUndefined();
    expect([a.gate.probes, b.gate.probes]).toEqual([1, 0]);
  });

  it('a job whose process died is taken over as soon as its 15-second lease has run out, and what the dead run left is removed', async () => {
    expect(DEFAULT_LEASE).toEqual({ ms: 15_000, renewEveryMs: 5_000 });
    const dead = 'deadbeef0001';
    const { id, base } = await processingVideo({ claim: dead, leaseUntil: inFuture(DEFAULT_LEASE.ms) });
    await t.storage.put(`${base}-${dead}-poster.jpg`, createReadStream(webm)); // stored before it died
    const workFolder = path.join(t.dataDir, 'work', 'jobs', dead);
    mkdirSync(workFolder, { recursive: true });
    writeFileSync(path.join(workFolder, 'play.mp4'), 'half');

    const b = startProcess();
    await sleep(200);
    expect(b.gate.probes).toBe(0);
    expect((await row(id)).status).toBe('processing');

    t.clock.advance(DEFAULT_LEASE.ms + 1);
    const rec = matching(videoRecordSchema, await processed(t, alice, 'video', id));
    expect(rec).toMatchObject({ status: 'ready', width: 160, height: 120 });
    expect(b.gate.probes).toBe(1);
    const done = await row(id);
    const files = await filesUnder(base);
    expect(files).toEqual([done.playable_key, done.poster_key, `${base}.webm`].sort());
    expect(done.poster_key).toMatch(new RegExp(`^${base}-[0-9a-f]{12}-poster\\.jpg$`));
    expect(done.poster_key).not.toContain(dead);
    expect(existsSync(workFolder)).toBe(false);
    expect(await jobOf(id)).toBeUndefined();
  });

  it('a running job renews its claim: however long it runs, no other process takes it while its own lives', async () => {
    const lease = { ms: 1_000, renewEveryMs: 20 };
    const a = startProcess({ lease });
    a.gate.hold();
    const id = await uploadVideo();
    await until('the first process to start the job', () => a.gate.waiting === 1);
    const b = startProcess({ lease });
    for (let i = 0; i < 5; i++) {
      t.clock.advance(600); // three lease lengths in all
      await sleep(150);
    }
    expect(b.gate.probes).toBe(0);
    a.gate.release();
    expect(await processed(t, alice, 'video', id)).toMatchObject({ status: 'ready' });
    expect([a.gate.probes, b.gate.probes]).toEqual([1, 0]);
  });

  it('of processes claiming the same job at once, exactly one gets it', async () => {
    const { id } = await processingVideo();
    const read = (await jobOf(id))!;
    const now = t.clock.now().toISOString();
    const repos = Array.from({ length: 4 }, () => new JobsRepository(t.db));
    const wins = await Promise.all(repos.map((r, i) => r.claim(read, now, inFuture(60_000 + i), `00000000000${i}`)));
    expect(wins.filter(Boolean)).toHaveLength(1);
    const winner = wins.findIndex(Boolean);
    expect(await jobOf(id)).toMatchObject({ claim: `00000000000${winner}`, lease_until: inFuture(60_000 + winner), attempts: 1 });
    // Held by a live claim: nothing to claim, even for a reader that saw it unclaimed.
    expect(await repos[0]!.claim(read, now, inFuture(60_000), 'aaaaaaaaaaaa')).toBeUndefined();
  });

  it.each(
    [
      { stale: 'carries on after the takeover', fail: false },
      { stale: 'fails after the takeover', fail: true },
    ].flatMap((c) => [
      { ...c, winnerDoneFirst: true, when: 'after the new holder finished' },
      { ...c, winnerDoneFirst: false, when: 'while the new holder still runs' },
    ]),
  )(
    "a process that stalled past its lease neither records anything nor touches the new holder's files: $stale, $when",
    async ({ fail, winnerDoneFirst }) => {
      const { id, base } = await processingVideo();
      const stalePuts: string[] = [];
      const storage = new Proxy(t.storage, {
        get(target, prop) {
          if (prop === 'put')
            return (key: string, ...rest: unknown[]) => (
              stalePuts.push(key),
              (target.put as (...a: unknown[]) => unknown).call(target, key, ...rest)
            );
          const value: unknown = Reflect.get(target, prop);
          return typeof value === 'function' ? (value.bind(target) as unknown) : value;
        },
      });
      // The stale process renews nothing from here on: as if its event loop froze mid-job.
      const stale = startProcess({ lease: { ms: 60_000, renewEveryMs: 3_600_000 }, storage });
      stale.gate.hold();
      await until('the stale job to start', () => stale.gate.waiting === 1);
      const staleClaim = (await jobOf(id))!.claim;

      t.clock.advance(60_001);
      const winner = startProcess({ lease: { ms: 60_000, renewEveryMs: 20 } });
      if (!winnerDoneFirst) winner.gate.hold();
      await until('the new holder to claim the job', async () => winner.gate.probes === 1);
      expect((await jobOf(id))?.claim).not.toBe(staleClaim);
      if (winnerDoneFirst) await processed(t, alice, 'video', id);
      else await until('the new holder to start', () => winner.gate.waiting === 1);
      const before = await row(id);

      // The stale process wakes up and carries on with its job.
      stale.gate.fail = fail;
      stale.gate.release();
      await stale.worker.settle();
      expect(stale.gate.probes).toBe(1);
      expect(await row(id)).toEqual(before); // exactly as the new holder left it
      if (!winnerDoneFirst) {
        expect(before).toMatchObject({ status: 'processing', playable_key: null, poster_key: null });
        expect(await filesUnder(base)).toEqual([`${base}.webm`]);
        winner.gate.release();
        await processed(t, alice, 'video', id);
      }

      const won = await row(id);
      expect(won).toMatchObject({ status: 'ready', failure_reason: null });
      expect(winner.gate.probes).toBe(1);
      const winnerFiles = await filesUnder(base);
      expect(winnerFiles).toEqual([won.playable_key, won.poster_key, `${base}.webm`].sort());
      // The takeover took its work folder away under it: it stored nothing.
      expect(stalePuts).toEqual([]);
    },
  );

  it('a stalled run that stores its outputs after losing its claim takes them away again', async () => {
    const { id, base } = await processingVideo();
    const stalePuts: string[] = [];
    let releasePuts = () => {};
    const putsHeld = new Promise<void>((r) => (releasePuts = r));
    const storage = new Proxy(t.storage, {
      get(target, prop) {
        if (prop === 'put')
          return async (key: string, ...rest: unknown[]) => {
            stalePuts.push(key);
            await putsHeld; // frozen just as it began to store
            return (target.put as (...a: unknown[]) => unknown).call(target, key, ...rest);
          };
        const value: unknown = Reflect.get(target, prop);
        return typeof value === 'function' ? (value.bind(target) as unknown) : value;
      },
    });
    const stale = startProcess({ lease: { ms: 60_000, renewEveryMs: 3_600_000 }, storage });
    await until('the stale run to begin storing', () => stalePuts.length === 1);
    const staleClaim = (await jobOf(id))!.claim!;

    t.clock.advance(60_001);
    const winner = startProcess();
    expect(await processed(t, alice, 'video', id)).toMatchObject({ status: 'ready' });
    const won = await row(id);
    releasePuts();
    await stale.worker.settle();
    expect(stalePuts[0]!.startsWith(`${base}-${staleClaim}-`)).toBe(true);
    expect(await row(id)).toEqual(won);
    expect(await filesUnder(base)).toEqual([won.playable_key, won.poster_key, `${base}.webm`].sort());
    expect(winner.gate.probes).toBe(1);
  });

  it('a run whose claim another process took notices at its next renewal and stores nothing', async () => {
    const { id, base } = await processingVideo();
    const a = startProcess({ lease: { ms: 60_000, renewEveryMs: 20 } });
    a.gate.hold();
    await until('the job to start', () => a.gate.waiting === 1);
    await t.db.updateTable('jobs').set({ claim: 'ffffffffffff' }).where('media_id', '=', id).execute();
    await sleep(100);
    a.gate.release();
    await a.worker.settle();
    expect(a.gate.probes).toBe(1);
    expect(await filesUnder(base)).toEqual([`${base}.webm`]);
    expect(await row(id)).toMatchObject({ status: 'processing', playable_key: null });
    expect(await jobOf(id)).toMatchObject({ claim: 'ffffffffffff' });
  });

  it('a record removed for good while its job runs: the run records nothing, and every byte of it goes', async () => {
    const a = startProcess();
    a.gate.hold();
    const id = await uploadVideo();
    await until('the job to start', () => a.gate.waiting === 1);
    const base = (await row(id)).original_key.replace(/\.webm$/, '');
    // To the trash, then out of it for good: the row goes, and its bytes by a purge job.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/video/${id}/`, headers: alice.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/trash/video/${id}/`, headers: alice.headers })).statusCode).toBe(204);
    a.gate.release();
    await a.worker.settle();
    expect(await filesUnder(base)).toEqual([]);
    expect(await t.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
  });

  it('a 3-second recording is processed while videos fill the video lane: short audio never waits behind a video', async () => {
    const a = startProcess({ concurrency: { short: 1, video: 1 } });
    a.gate.hold();
    const first = await uploadVideo();
    const second = await uploadVideo();
    await until('the first video to start', () => a.gate.waiting === 1);
    const id = await acceptedUpload(t, alice, 'audio', { title: 'короткая' }, { filename: 'tone.mp3', data: readFileSync(mp3) });
    expect(await processed(t, alice, 'audio', id)).toMatchObject({ status: 'ready', title: 'короткая' });
    // Meanwhile the videos still wait: the first holds the lane's one slot, the second is not even claimed.
    expect(a.gate.waiting).toBe(1);
    expect((await row(first)).status).toBe('processing');
    expect(await jobOf(second)).toMatchObject({ attempts: 0, claim: null });
  });

  it('photo jobs take one run per core at once, however many jobs the short lane holds for recordings', async () => {
    const a = startProcess();
    a.gate.hold();
    const cores = availableParallelism();
    const ids: number[] = [];
    for (let i = 0; i < cores + 2; i++) {
      const png = path.join(dir, `colour-${i}.png`);
      await ffmpeg(['-f', 'lavfi', '-i', `color=c=0x${(i * 40).toString(16).padStart(2, '0')}4080:s=64x48`, '-frames:v', '1', png]);
      ids.push(await acceptedUpload(t, alice, 'photo', {}, { filename: 'p.png', contentType: 'image/png', data: readFileSync(png) }));
    }
    await until('a photo run per core', () => a.gate.photosWaiting === cores);
    await sleep(300);
    expect(a.gate.photosWaiting).toBe(cores);
    const unclaimed = await t.db.selectFrom('jobs').select('id').where('kind', '=', 'process-photo').where('claim', 'is', null).execute();
    expect(unclaimed).toHaveLength(2);
    a.gate.release();
    for (const id of ids) expect(await processed(t, alice, 'photo', id)).toMatchObject({ status: 'ready' });
  });

  it('a process that shuts down mid-job hands it back: another takes it at once, not after the lease', async () => {
    const a = startProcess();
    a.gate.hold();
    const id = await uploadVideo();
    await until('the job to start', () => a.gate.waiting === 1);
    const claim = (await jobOf(id))!.claim;
    await a.worker.stop(50);
    expect(await jobOf(id)).toMatchObject({ claim, lease_until: null });

    const b = startProcess(); // no clock advance: the job is free now
    expect(await processed(t, alice, 'video', id)).toMatchObject({ status: 'ready' });
    expect(b.gate.probes).toBe(1);
    a.gate.release();
    await a.worker.settle();
    const done = await row(id);
    expect(await filesUnder(done.original_key.replace(/\.webm$/, ''))).toEqual(
      [done.playable_key, done.poster_key, done.original_key].sort(),
    );
  });
});
