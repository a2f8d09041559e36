import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, type Db } from '../server/db/kysely.ts';
import { migrate } from '../server/db/migrate.ts';
import { benchAudioRows } from './list.ts';
import { taggedRecordings } from './save-burst.ts';
import {
  histogramCount,
  histogramQuantile,
  histogramSince,
  readHistogram,
  startPostgres,
  startS3,
  startWorkerProcess,
  Teardown,
  type Histogram,
  type WorkerProcess,
} from './scale-stores.ts';
import { generatorName, insertBenchUser, insertMediaRows, knob, load, startServer, type LoadResult } from './support.ts';

/** The process counts of the API (WEB_CONCURRENCY) and the numbers of separate workers measured. */
const COUNTS = [1, 2, 4];
const CONNECTIONS = 50;
/** Seconds of each counted load after a warm-up of 2 s (BENCH_SCALE_SECONDS): 3 counts × 2 loads stay well inside the 10 minutes. */
const LOAD_SECONDS = knob('BENCH_SCALE_SECONDS', 8);
/** The records of the listed account (BENCH_SCALE_RECORDS). */
const RECORDS = knob('BENCH_SCALE_RECORDS', 2000);
/** Recordings saved one at a time, each waited for until ready, for the idle queue's pickup. */
const IDLE_SAVES = 12;
/** Recordings saved all at once for the busy queue: the saves made ready per second, and the pickup under a queue. */
const BURST = 60;
/** The owners of the burst's recordings, taking turns. */
const BURST_USERS = 10;
const PICKUP = 'kopilka_job_pickup_seconds';
/** How long the API may take to start: 4 forks each compiling the TypeScript on 2 busy cores take more than the usual 30 s. */
const START_MS = 120_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `npm run bench -- scale`: PostgreSQL (a throw-away cluster) and S3 (the test s3rver), both started here
 * and stopped at the end, on failure too. First 1, 2 and 4 API processes (WEB_CONCURRENCY, RUN_JOBS=false)
 * under 50 connections: the 2,000-record audio list and the profile, req/s and p99. Then 1, 2 and 4
 * workers (`npm run worker` processes, beside one API process that runs no jobs): 3-second recordings
 * saved through the API one at a time (the idle queue) and 60 at once (the busy queue), the saves made
 * ready per second, and the pickup latency (due → claimed) p50/p99 read from the workers'
 * kopilka_job_pickup_seconds. Every figure is printed beside the one-process figure of the same run.
 */
export async function benchScale(): Promise<void> {
  const started = performance.now();
  console.log(
    `scale: PostgreSQL + S3 (s3rver), ${os.availableParallelism()} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), load from ${generatorName}`,
  );
  console.log(
    `  figures past ${os.availableParallelism()} processes measure contention for ${os.availableParallelism()} cores (shared with PostgreSQL, s3rver, ffmpeg and the load generator), not scaling`,
  );
  console.log('  the queue beside pg-boss and Graphile Worker: npm run bench -- queue');
  const teardown = new Teardown();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kopilka-bench-scale-'));
  teardown.add(async () => rmSync(dataDir, { recursive: true, force: true }));
  try {
    const [databaseUrl, s3Env] = await Promise.all([startPostgres(teardown), startS3(teardown)]);
    const db = createDb({ dialect: 'postgres', url: databaseUrl });
    teardown.add(() => db.destroy());
    await migrate(db);
    const owner = await insertBenchUser(db, 'bench');
    await insertMediaRows(db, benchAudioRows(owner.id, RECORDS));
    const savers: string[] = [];
    for (let i = 0; i < BURST_USERS; i++) savers.push((await insertBenchUser(db, `saver${i}`)).access);
    const env = { ...s3Env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, RUN_JOBS: 'false' };

    await apiFigures(env, owner.access);
    await workerFigures(env, db, savers, taggedRecordings(dataDir));
  } finally {
    await teardown.run();
  }
  console.log(`scale: done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

const ratio = (value: number, one: number) => `${(value / one).toFixed(2)}×`;
const ms = (seconds: number) => (Number.isNaN(seconds) ? '—' : `${Math.round(seconds * 1000)} ms`);

/** The list and the profile under 50 connections with 1, 2 and 4 API processes. */
async function apiFigures(env: Record<string, string>, token: string): Promise<void> {
  const routes: { name: string; path: string; extra: Record<string, string> }[] = [
    // A browser's request for the list: it takes compression.
    { name: `list of ${RECORDS.toLocaleString('en')} audio records`, path: '/api/media/audio/', extra: { 'accept-encoding': 'br, gzip' } },
    { name: 'profile', path: '/api/auth/profile/', extra: {} },
  ];
  console.log(`API processes (WEB_CONCURRENCY, RUN_JOBS=false), ${CONNECTIONS} connections, ${LOAD_SECONDS} s each after 2 s of warm-up:`);
  const results = new Map<string, LoadResult[]>(routes.map((r) => [r.name, []]));
  for (const processes of COUNTS) {
    const server = await startServer({ ...env, WEB_CONCURRENCY: String(processes) }, undefined, START_MS);
    try {
      for (const route of routes) {
        const headers = { authorization: `Bearer ${token}`, ...route.extra };
        // Not counted: each process builds its own list at its first request and runs its code unoptimised at first.
        await load(server.url, route.path, headers, CONNECTIONS, 2);
        const r = await load(server.url, route.path, headers, CONNECTIONS, LOAD_SECONDS);
        const one = results.get(route.name)![0] ?? r;
        results.get(route.name)!.push(r);
        console.log(
          `  ${route.name.padEnd(30)} ${String(processes)} process${processes > 1 ? 'es' : '  '}: ${r.rps.toFixed(0).padStart(6)} req/s (${ratio(r.rps, one.rps)})   p99 ${r.p99.toFixed(1).padStart(6)} ms (${ratio(r.p99, one.p99)})   p50 ${r.p50.toFixed(1)} ms   ${r.errors} errors`,
        );
      }
    } finally {
      await server.stop();
    }
  }
}

/** Saves per second made ready, and the pickup latency with an idle and a busy queue, with 1, 2 and 4 workers. */
async function workerFigures(env: Record<string, string>, db: Db, tokens: string[], nextRecording: () => Buffer): Promise<void> {
  console.log(
    `workers (server/process/worker.ts, separate processes) beside 1 API process running no jobs; 3-second recordings (Opus) saved through the API:`,
  );
  console.log(
    `  idle queue: ${IDLE_SAVES} saves one at a time, each waited for until ready; busy queue: ${BURST} saves at once (${BURST_USERS} owners)`,
  );
  const server = await startServer({ ...env, WEB_CONCURRENCY: '1' }, undefined, START_MS);
  let turn = 0;
  const save = async (): Promise<number> => {
    const form = new FormData();
    form.set('title', 'Три секунды');
    form.set('audio_file', new Blob([new Uint8Array(nextRecording())], { type: 'audio/webm' }), 'recording.webm');
    const res = await fetch(`${server.url}/api/media/audio/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[turn++ % tokens.length]!}` },
      body: form,
    });
    const body = (await res.json()) as { id?: number };
    if (res.status !== 201 || typeof body.id !== 'number') throw new Error(`a save was answered ${res.status}: ${JSON.stringify(body)}`);
    return body.id;
  };
  /** Waits until none of `ids` is processing; the latest time one became ready or failed (ms since the epoch), and how many failed. */
  const settled = async (ids: number[], timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const rows = await db.selectFrom('media').select(['status', 'updated_at']).where('id', 'in', ids).execute();
      if (rows.every((r) => r.status !== 'processing'))
        return { lastAt: Math.max(...rows.map((r) => Date.parse(r.updated_at))), failed: rows.filter((r) => r.status !== 'ready').length };
      if (Date.now() > deadline)
        throw new Error(`${rows.filter((r) => r.status === 'processing').length} saves not ready after ${timeoutMs} ms`);
      await sleep(20);
    }
  };

  type Row = { workers: number; rate: number; idle: Histogram; busy: Histogram; failed: number; answeredS: number; readyS: number };
  const rows: Row[] = [];
  try {
    for (const workers of COUNTS) {
      const started: WorkerProcess[] = [];
      try {
        // Started together (each compiles the TypeScript for seconds); any that did start is stopped below.
        const starts = await Promise.allSettled(Array.from({ length: workers }, () => startWorkerProcess(env)));
        for (const s of starts) if (s.status === 'fulfilled') started.push(s.value);
        for (const s of starts) if (s.status === 'rejected') throw s.reason;
        const ports = started.map((w) => w.metricsPort);
        const read = () => readHistogram(ports, PICKUP, 'process-audio');
        await save().then((id) => settled([id], 60_000)); // warm the API's and the workers' code paths, not counted
        let failed = 0;

        const beforeIdle = await read();
        for (let i = 0; i < IDLE_SAVES; i++) {
          // A pause that does not follow the workers' poll: a save arrives at any moment of it, as a user's does.
          await sleep(Math.random() * 300);
          failed += (await settled([await save()], 60_000)).failed;
        }
        const afterIdle = await read();

        const burstStart = Date.now();
        const ids = await Promise.all(Array.from({ length: BURST }, () => save()));
        const answeredS = (Date.now() - burstStart) / 1000;
        const burst = await settled(ids, 180_000);
        failed += burst.failed;
        const readyS = (burst.lastAt - burstStart) / 1000;
        rows.push({
          workers,
          rate: BURST / readyS,
          idle: histogramSince(afterIdle, beforeIdle),
          busy: histogramSince(await read(), afterIdle),
          failed,
          answeredS,
          readyS,
        });
      } finally {
        for (const w of started) await w.stop();
      }
    }
  } finally {
    await server.stop();
  }

  const one = rows[0]!;
  const pickup = (h: Histogram, first: Histogram) => {
    const [p50, p99, p50one, p99one] = [
      histogramQuantile(h, 0.5),
      histogramQuantile(h, 0.99),
      histogramQuantile(first, 0.5),
      histogramQuantile(first, 0.99),
    ];
    const mean = histogramCount(h) ? h.sum / histogramCount(h) : NaN;
    return `p50 ${ms(p50).padStart(7)} (${ratio(p50, p50one)}) p99 ${ms(p99).padStart(7)} (${ratio(p99, p99one)}) mean ${ms(mean)}, ${histogramCount(h)} claims`;
  };
  for (const r of rows) {
    const label = `${r.workers} worker${r.workers > 1 ? 's' : ' '}`;
    console.log(
      `  ${label}: ${r.rate.toFixed(1).padStart(5)} saves/s made ready (${ratio(r.rate, one.rate)}): ${BURST} answered in ${r.answeredS.toFixed(1)} s, all ready ${r.readyS.toFixed(1)} s after the first was sent${r.failed ? `; ${r.failed} FAILED` : ''}`,
    );
    console.log(`             pickup, idle queue: ${pickup(r.idle, one.idle)}`);
    console.log(`             pickup, busy queue: ${pickup(r.busy, one.busy)}`);
  }
  console.log(
    '  pickup: from due to claimed by the worker’s clock (kopilka_job_pickup_seconds summed over the workers, quantiles estimated within its buckets as histogram_quantile does)',
  );
}
