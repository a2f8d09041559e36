import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { composeMedia } from '../../server/compose.ts';
import type { AppDeps } from '../../server/deps.ts';
import { createProcessor, type MediaInput, type MediaProcessor } from '../../server/media/processor.ts';
import { MEDIA_KINDS } from '../../server/media/kinds.ts';
import { MediaRepository } from '../../server/media/repository.ts';
import { LEASE_RENEW_MS, PROCESSING_LEASE_MS } from '../../server/media/jobs.ts';
import type { Storage } from '../../server/storage/storage.ts';
import { createUser, ffmpeg, ffmpegBin, multipart, tempDir } from './support/media-fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { storedFiles } from './support/test-storage.ts';

/**
 * Several API processes on one database and one storage: each "process" here is its own app (or
 * media services composed as an app composes them) on the first app's database, storage and clock.
 * A background video job must run in exactly one of them.
 */

/** Real ffmpeg work, counted; while `hold()` is in force every job waits before its first step. */
function gatedProcessor(real: MediaProcessor) {
  let open: Promise<void> = Promise.resolve();
  let release = () => {};
  const state = {
    probes: 0,
    waiting: 0,
    /** The next probe fails (after the gate), as a crashing ffmpeg would. */
    fail: false,
    hold() {
      open = new Promise<void>((r) => (release = r));
    },
    release: () => release(),
    processor: {
      ...real,
      analyzeAudio: real.analyzeAudio.bind(real),
      checkVideo: real.checkVideo.bind(real),
      videoPoster: real.videoPoster.bind(real),
      videoToMp4: real.videoToMp4.bind(real),
      processImage: real.processImage.bind(real),
      async probeVideo(input: MediaInput) {
        state.probes++;
        state.waiting++;
        try {
          await open;
        } finally {
          state.waiting--;
        }
        if (state.fail) throw new Error('ffmpeg crashed');
        return real.probeVideo(input);
      },
    } satisfies MediaProcessor,
  };
  return state;
}

/** Lease renewals wait while stall() is in force, as in a process whose event loop froze; counts renewals that found the claim lost. */
class StallingRepository extends MediaRepository {
  private gate: Promise<void> = Promise.resolve();
  private resume = () => {};
  lostRenewals = 0;
  stall() {
    this.gate = new Promise<void>((r) => (this.resume = r));
  }
  unstall() {
    this.resume();
  }
  override async renewLease(id: number, claim: string, leaseUntil: string): Promise<boolean> {
    await this.gate;
    const held = await super.renewLease(id, claim, leaseUntil);
    if (!held) this.lostRenewals++;
    return held;
  }
}

const until = async (what: string, cond: () => boolean | Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('background job lease (many API processes, one database)', () => {
  let t: TestApp;
  let a: ReturnType<typeof gatedProcessor>;
  let alice: Awaited<ReturnType<typeof createUser>>;
  let webm: string;
  const others: { close(): Promise<unknown> }[] = [];

  /** Another API process started now: same database, storage and clock; its own service and counted ffmpeg. */
  async function startProcess() {
    const gate = gatedProcessor(createProcessor({ ffmpegPath: ffmpegBin }));
    const deps: AppDeps = { ...t.deps, processor: gate.processor };
    const { app, services } = await buildApp(deps, { logger: false });
    others.push(app);
    await app.ready(); // runs the start-up resume
    await services.media.background.idle();
    return { app, gate, service: services.media.jobs };
  }

  /** The media jobs of yet another process, with the lease timings the test wants; `idle` waits for its background work. */
  function serviceWith(lease: { ms: number; renewEveryMs: number }, own: { repo?: MediaRepository; storage?: Storage } = {}) {
    const gate = gatedProcessor(createProcessor({ ffmpegPath: ffmpegBin }));
    const deps: AppDeps = { ...t.deps, processor: gate.processor, storage: own.storage ?? t.storage };
    const media = composeMedia(deps, { error: () => {}, warn: () => {} }, { repo: own.repo, lease });
    others.push({ close: () => media.background.drain() });
    return { gate, service: media.jobs, idle: () => media.background.idle() };
  }

  /** A video row left in 'processing' with the given lease (another process's claim, or none). */
  async function processingRow(lease: string | null) {
    const key = `u/${alice.id}/video/${Math.random().toString(36).slice(2)}.webm`;
    await t.storage.put(key, createReadStream(webm));
    const now = t.clock.now().toISOString();
    const row = await t.db
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
        processing_lease_until: lease,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const state = (id: number) =>
    t.db.selectFrom('media').select(['status', 'processing_lease_until', 'poster_key']).where('id', '=', id).executeTakeFirstOrThrow();
  const inFuture = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

  beforeAll(async () => {
    a = gatedProcessor(createProcessor({ ffmpegPath: ffmpegBin }));
    t = await createTestApp({ processor: a.processor });
    alice = await createUser(t, 'alice');
    webm = path.join(await tempDir(), 'clip.webm');
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=15', '-c:v', 'libvpx', '-b:v', '100k', webm]);
  });
  afterEach(async () => {
    a.release();
    while (others.length) await others.pop()!.close();
    await t.services.media.background.idle();
  });
  afterAll(() => t.close());

  it('a video one process is transcoding is not run again by a process that starts meanwhile', async () => {
    a.hold();
    const body = multipart({}, { field: 'file', filename: 'clip.webm', contentType: 'video/webm', data: readFileSync(webm) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/media/video/',
      headers: { ...alice.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    await until('the first process to start its job', () => a.waiting === 1);
    const claimed = await state(id);
    expect(claimed).toMatchObject({ status: 'processing', processing_lease_until: inFuture(PROCESSING_LEASE_MS) });

    const b = await startProcess();
    expect(await b.service.resumeProcessing(MEDIA_KINDS)).toBe(0);
    expect(b.gate.probes).toBe(0);
    expect(await state(id)).toEqual(claimed);

    a.release();
    await t.services.media.background.idle();
    const done = await state(id);
    expect(done).toMatchObject({ status: 'ready', processing_lease_until: null });
    expect(done.poster_key).toBeTruthy();
    expect(a.probes).toBe(1);
    expect(b.gate.probes).toBe(0);
    // A finished row is nobody's job any more, whatever the clock says.
    t.clock.advance(PROCESSING_LEASE_MS * 2);
    expect(await b.service.resumeProcessing(MEDIA_KINDS)).toBe(0);
    expect(b.gate.probes).toBe(0);
  });

  it('a lease whose process died runs out, and the next process to start takes the row over', async () => {
    const id = await processingRow(inFuture(PROCESSING_LEASE_MS)); // claimed by a process that then died
    const early = await startProcess();
    expect(early.gate.probes).toBe(0);
    expect((await state(id)).status).toBe('processing');

    t.clock.advance(PROCESSING_LEASE_MS + 1000);
    const late = await startProcess(); // its start-up resume claims and finishes the row
    expect(late.gate.probes).toBe(1);
    expect(await state(id)).toMatchObject({ status: 'ready', processing_lease_until: null });
    expect(early.gate.probes).toBe(0);
    const base = (
      await t.db.selectFrom('media').select('original_key').where('id', '=', id).executeTakeFirstOrThrow()
    ).original_key.replace(/\.webm$/, '');
    const files = (await storedFiles(t)).filter((f) => f.startsWith(base)).sort();
    // Outputs carry the run's claim token: `<base>-<token>-play.mp4`.
    expect(files).toHaveLength(3);
    expect(files[0]).toMatch(new RegExp(`^${base}-[0-9a-f]{12}-play\\.mp4$`));
    expect(files.slice(1)).toEqual([files[0]!.replace(/-play\.mp4$/, '-poster.jpg'), `${base}.webm`]);
  });

  it('a running process re-checks and takes over rows whose lease ran out', async () => {
    const id = await processingRow(inFuture(1000));
    const { gate, service } = serviceWith({ ms: PROCESSING_LEASE_MS, renewEveryMs: LEASE_RENEW_MS });
    service.recheckProcessing(MEDIA_KINDS, 20);
    await new Promise((r) => setTimeout(r, 100)); // several re-checks while the lease is live
    expect(gate.probes).toBe(0);
    t.clock.advance(1001);
    await until('the re-check to finish the row', async () => (await state(id)).status === 'ready');
    expect(await state(id)).toMatchObject({ status: 'ready', processing_lease_until: null });
    expect(gate.probes).toBe(1);
  });

  it('a job renews its lease while it runs, so a long transcode is not taken over', async () => {
    const id = await processingRow(null);
    const holder = serviceWith({ ms: 60_000, renewEveryMs: 20 });
    holder.gate.hold();
    expect(await holder.service.resumeProcessing(MEDIA_KINDS)).toBe(1);
    await until('the job to start', () => holder.gate.waiting === 1);
    const first = (await state(id)).processing_lease_until!;
    expect(first).toBe(inFuture(60_000));

    t.clock.advance(50_000);
    await until('a renewal', async () => (await state(id)).processing_lease_until === inFuture(60_000), 5000);
    t.clock.advance(50_000); // past the first lease, within the renewed one
    expect((await state(id)).processing_lease_until! > t.clock.now().toISOString()).toBe(true);
    const other = serviceWith({ ms: 60_000, renewEveryMs: 20 });
    expect(await other.service.resumeProcessing(MEDIA_KINDS)).toBe(0);
    // The holder's own re-check does not start its running job a second time, even with the lease gone.
    await t.db.updateTable('media').set({ processing_lease_until: null }).where('id', '=', id).execute();
    expect(await holder.service.resumeProcessing(MEDIA_KINDS)).toBe(0);
    holder.gate.release();
    await holder.idle();
    expect(await state(id)).toMatchObject({ status: 'ready', processing_lease_until: null });
    expect(holder.gate.probes).toBe(1);
    expect(other.gate.probes).toBe(0);
  });

  it('of processes claiming the same row at once, exactly one gets it', async () => {
    const id = await processingRow(null);
    const now = t.clock.now().toISOString();
    const repos = Array.from({ length: 4 }, () => new MediaRepository(t.db));
    const wins = await Promise.all(repos.map((r, i) => r.claimProcessing(id, now, inFuture(60_000 + i), `claim-${i}`)));
    expect(wins.filter(Boolean)).toHaveLength(1);
    expect((await state(id)).processing_lease_until).toBe(inFuture(60_000 + wins.indexOf(true)));
    expect(
      (await t.db.selectFrom('media').select('processing_claim').where('id', '=', id).executeTakeFirstOrThrow()).processing_claim,
    ).toBe(`claim-${wins.indexOf(true)}`);
    // Not 'processing' any more: nothing to claim, even with no lease.
    await t.db.updateTable('media').set({ status: 'ready', processing_lease_until: null }).where('id', '=', id).execute();
    expect(await repos[0]!.claimProcessing(id, now, inFuture(60_000), 'late')).toBe(false);
  });

  it.each(
    [
      { stale: 'finishes its transcode after the takeover', renewEveryMs: 3_600_000, fail: false },
      { stale: 'notices the takeover at its next renewal and stops', renewEveryMs: 20, fail: false },
      { stale: 'fails after the takeover', renewEveryMs: 3_600_000, fail: true },
    ].flatMap((c) => [
      { ...c, winnerDoneFirst: true, when: 'after the new holder finished' },
      { ...c, winnerDoneFirst: false, when: 'while the new holder still runs' },
    ]),
  )(
    "a process that stalled past its lease neither overwrites the row nor touches the new holder's files: $stale, $when",
    async ({ renewEveryMs, fail, winnerDoneFirst }) => {
      const id = await processingRow(null);
      const base = (
        await t.db.selectFrom('media').select('original_key').where('id', '=', id).executeTakeFirstOrThrow()
      ).original_key.replace(/\.webm$/, '');
      const filesOfRow = async () => (await storedFiles(t)).filter((f) => f.startsWith(base)).sort();
      const fullRow = () => t.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const repo = new StallingRepository(t.db);
      const stalePuts: string[] = [];
      const storage = new Proxy(t.storage, {
        get(target, prop) {
          if (prop === 'put')
            return (key: string, ...rest: unknown[]) => (
              stalePuts.push(key),
              (target.put as (...a: unknown[]) => unknown).call(target, key, ...rest)
            );
          const value: unknown = Reflect.get(target, prop);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      const stale = serviceWith({ ms: 60_000, renewEveryMs }, { repo, storage });
      stale.gate.hold();
      expect(await stale.service.resumeProcessing(MEDIA_KINDS)).toBe(1);
      await until('the stale job to start', () => stale.gate.waiting === 1);

      repo.stall(); // the process freezes mid-job: no renewals from here on
      t.clock.advance(60_001);
      const winner = serviceWith({ ms: 60_000, renewEveryMs: 20 });
      if (!winnerDoneFirst) winner.gate.hold();
      expect(await winner.service.resumeProcessing(MEDIA_KINDS)).toBe(1);
      const winnerClaim = (await fullRow()).processing_claim;
      expect(winnerClaim).toBeTruthy();
      if (winnerDoneFirst) await winner.idle();
      else await until('the new holder to start', () => winner.gate.waiting === 1);
      const before = await fullRow();

      // The stale process wakes up and carries on with its job.
      repo.unstall();
      if (renewEveryMs < 1000) await until('a renewal to find the claim taken', () => repo.lostRenewals > 0);
      stale.gate.fail = fail;
      stale.gate.release();
      await stale.idle();
      expect(stale.gate.probes).toBe(1);
      expect(await fullRow()).toEqual(before); // the row is exactly as the new holder left it
      if (!winnerDoneFirst) {
        expect(before).toMatchObject({ status: 'processing', processing_claim: winnerClaim, playable_key: null, poster_key: null });
        expect(await filesOfRow()).toEqual([`${base}.webm`]);
        winner.gate.release();
        await winner.idle();
      }

      const won = await fullRow();
      expect(won).toMatchObject({ status: 'ready', processing_lease_until: null, processing_claim: null });
      expect(winner.gate.probes).toBe(1);
      const winnerFiles = await filesOfRow();
      expect(winnerFiles).toEqual([won.playable_key, won.poster_key, `${base}.webm`].sort());
      if (renewEveryMs < 1000 || fail) {
        expect(stalePuts).toEqual([]); // stopped (or failed) before storing anything
      } else {
        // It did store its outputs, under keys of its own run, and took them away again.
        expect(stalePuts).toHaveLength(2);
        for (const key of stalePuts) {
          expect(key.startsWith(`${base}-`)).toBe(true);
          expect(winnerFiles).not.toContain(key);
        }
      }
    },
  );
});
