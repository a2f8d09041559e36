import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Logger, makeWorkerUtils, run as runGraphile, type Runner } from 'graphile-worker';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { systemClock } from '../server/clock.ts';
import { createDb, type Db } from '../server/db/kysely.ts';
import { migrate } from '../server/db/migrate.ts';
import { DEFAULT_LEASE } from '../server/jobs/kinds.ts';
import { JobQueue } from '../server/jobs/queue.ts';
import { jobSignals } from '../server/jobs/signals.ts';
import { Worker } from '../server/jobs/worker.ts';
import { startPostgres, Teardown } from './scale-stores.ts';
import { percentile } from './support.ts';

/** Workers, each with a pool of its own (as separate processes would have), and runs at once in each. */
const WORKERS = 4;
const RUNS_EACH = 8;
/** Jobs waiting when the workers start (claims per second), and jobs added one at a time to idle workers (pickup). */
const BACKLOG = 2_000;
const SINGLES = 40;
const SINGLE_GAP_MS = 150;
/** How long idle workers are watched for the database's load. */
const IDLE_SECONDS = 10;

const quiet = { error: () => {}, warn: () => {}, info: () => {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One engine, as the bench drives it: jobs that do nothing but say when they started. */
interface Engine {
  name: string;
  /** Makes its tables. */
  prepare(): Promise<void>;
  /** Adds `count` jobs in one statement, as a batch would (the workers are running). */
  addBacklog(count: number): Promise<void>;
  /** Adds one job the way the product would, carrying the time it was added. */
  add(at: number): Promise<void>;
  /** Starts the workers; `ran` is told each job's payload time as its run starts. */
  start(ran: (at: number) => void): Promise<void>;
  stop(): Promise<void>;
}

/** Today's queue (server/jobs): the lease table with SKIP LOCKED claims, nudged in-process and by NOTIFY across processes. */
function ours(url: string): Engine {
  const database = { dialect: 'postgres' as const, url };
  const adderDb = createDb(database);
  const adder = new JobQueue({
    db: adderDb,
    clock: systemClock,
    lease: DEFAULT_LEASE,
    log: quiet,
    signals: jobSignals({ database }, adderDb, quiet),
  });
  const workRoot = mkdtempSync(path.join(os.tmpdir(), 'kopilka-bench-queue-'));
  const running: { worker: Worker; db: Db }[] = [];
  return {
    name: 'Копилка (jobs table, conditional claims, LISTEN/NOTIFY)',
    prepare: async () => void (await migrate(adderDb)),
    async addBacklog(count) {
      const now = systemClock.now().toISOString();
      const rows = Array.from({ length: count }, () => ({
        kind: 'process-audio' as const,
        lane: 'short' as const,
        media_id: null,
        payload: JSON.stringify({ at: 0 }),
        run_after: now,
        created_at: now,
      }));
      for (let i = 0; i < rows.length; i += 500)
        await adderDb
          .insertInto('jobs')
          .values(rows.slice(i, i + 500))
          .execute();
      adder.nudge('process-audio');
    },
    add: async (at) => void (await adder.enqueue({ kind: 'process-audio', payload: { at } })),
    async start(ran) {
      for (let i = 0; i < WORKERS; i++) {
        const db = createDb(database);
        const queue = new JobQueue({
          db,
          clock: systemClock,
          lease: DEFAULT_LEASE,
          log: quiet,
          signals: jobSignals({ database }, db, quiet),
        });
        const worker = new Worker({
          db,
          queue,
          clock: systemClock,
          log: quiet,
          workRoot,
          concurrency: { short: RUNS_EACH },
          definitions: [{ kind: 'process-audio', run: async ({ job }) => ran((JSON.parse(job.payload) as { at: number }).at) }],
        });
        worker.start();
        running.push({ worker, db });
      }
    },
    async stop() {
      for (const { worker, db } of running) {
        await worker.stop();
        await db.destroy();
      }
      await adderDb.destroy();
      rmSync(workRoot, { recursive: true, force: true });
    },
  };
}

/** pg-boss 10 (the last for Node 20): polls every half second at the fastest, SKIP LOCKED. */
function pgBoss(url: string): Engine {
  const adder = new PgBoss({ connectionString: url, max: 2, supervise: false, schedule: false });
  const bosses: PgBoss[] = [];
  return {
    name: 'pg-boss 10.4 (polling every 0.5 s)',
    async prepare() {
      await adder.start();
      await adder.createQueue('noop');
    },
    async addBacklog(count) {
      await adder.insert(Array.from({ length: count }, () => ({ name: 'noop', data: { at: 0 } })));
    },
    add: async (at) => void (await adder.send('noop', { at })),
    async start(ran) {
      for (let i = 0; i < WORKERS; i++) {
        const boss = new PgBoss({ connectionString: url, max: 2, supervise: false, schedule: false, migrate: false });
        boss.on('error', () => {});
        await boss.start();
        await boss.work<{ at: number }>('noop', { batchSize: RUNS_EACH, pollingIntervalSeconds: 0.5 }, async (jobs) => {
          for (const job of jobs) ran(job.data.at);
        });
        bosses.push(boss);
      }
    },
    async stop() {
      for (const boss of bosses) await boss.stop({ graceful: true, wait: true });
      await adder.stop({ graceful: true, wait: true });
    },
  };
}

/** Graphile Worker 0.16 (the last for Node 20): LISTEN/NOTIFY, SKIP LOCKED, its own schema. */
function graphile(url: string): Engine {
  let utils: Awaited<ReturnType<typeof makeWorkerUtils>> | undefined;
  const runners: Runner[] = [];
  return {
    name: 'Graphile Worker 0.16 (LISTEN/NOTIFY)',
    async prepare() {
      utils = await makeWorkerUtils({ connectionString: url, logger: new Logger(() => () => {}) });
      await utils.migrate();
    },
    async addBacklog(count) {
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      await pool.query(`select graphile_worker.add_job('noop', json_build_object('at', 0)) from generate_series(1, $1)`, [count]);
      await pool.end();
    },
    add: async (at) => void (await utils!.addJob('noop', { at })),
    async start(ran) {
      for (let i = 0; i < WORKERS; i++)
        runners.push(
          await runGraphile({
            connectionString: url,
            concurrency: RUNS_EACH,
            noHandleSignals: true,
            pollInterval: 1_000,
            logger: new Logger(() => () => {}),
            taskList: { noop: async (payload) => ran((payload as { at: number }).at) },
          }),
        );
    },
    async stop() {
      for (const runner of runners) await runner.stop();
      await utils?.release();
    },
  };
}

/** Transactions the database has committed so far (pg_stat_database), read on a connection of its own. */
async function commits(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select xact_commit as n from pg_stat_database where datname = current_database()');
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

/**
 * Idle first: pg_stat_database counts a backend's transactions when it flushes its figures, which an idle one
 * does up to 10 s late, so the idle workers run 12 s before their 10 s are counted (a backlog just done would
 * still be arriving). Then single jobs added to idle workers, then the backlog.
 */
async function measure(engine: Engine, url: string): Promise<void> {
  await engine.prepare();
  let done = 0;
  let backlogAt = 0;
  let drained = 0;
  const pickups: number[] = [];
  await engine.start((at) => {
    if (at > 0) pickups.push(Date.now() - at);
    else if (++done === BACKLOG) drained = performance.now() - backlogAt;
  });
  await sleep(12_000);
  const before = await commits(url);
  await sleep(IDLE_SECONDS * 1000);
  const idleTps = ((await commits(url)) - before) / IDLE_SECONDS;
  for (let i = 0; i < SINGLES; i++) {
    await engine.add(Date.now());
    await sleep(SINGLE_GAP_MS);
  }
  while (pickups.length < SINGLES) await sleep(10);
  backlogAt = performance.now();
  await engine.addBacklog(BACKLOG);
  while (drained === 0) await sleep(5);
  await engine.stop();
  const sorted = [...pickups].sort((a, b) => a - b);
  console.log(`  ${engine.name}:`);
  console.log(
    `    ${BACKLOG} jobs added at once, all started in ${(drained / 1000).toFixed(2)} s: ${Math.round(BACKLOG / (drained / 1000))} claims/s`,
  );
  console.log(
    `    a job added to idle workers started after p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms (${SINGLES} jobs)`,
  );
  console.log(`    idle workers cost the database ${idleTps.toFixed(1)} transactions/s`);
}

/**
 * `npm run bench -- queue`: the same jobs through today's queue, pg-boss and Graphile Worker on one throw-away
 * PostgreSQL, a database each: 4 workers with 8 runs each (a pool each, all in this process), jobs that do
 * nothing, so that what is measured is the queue — claims per second through a backlog, the pickup of a job
 * added to idle workers, and what idle workers cost the database.
 */
export async function benchQueueEngines(): Promise<void> {
  const teardown = new Teardown();
  try {
    const cluster = await startPostgres(teardown);
    console.log(`queue engines on PostgreSQL: ${WORKERS} workers × ${RUNS_EACH} runs, jobs that do nothing`);
    for (const [name, make] of [
      ['kopilka', ours],
      ['pgboss', pgBoss],
      ['graphile', graphile],
    ] as const) {
      const admin = new pg.Client({ connectionString: cluster });
      await admin.connect();
      await admin.query(`create database bench_${name}`);
      await admin.end();
      const url = new URL(cluster);
      url.pathname = `/bench_${name}`;
      await measure(make(url.toString()), url.toString());
    }
  } finally {
    await teardown.run();
  }
}
