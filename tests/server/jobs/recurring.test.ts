import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { composeWorker, startWorker } from '../../../server/compose.ts';
import { JobQueue } from '../../../server/jobs/queue.ts';
import { Worker } from '../../../server/jobs/worker.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Recurring work (the trash's purge, the abandoned uploads, the admin history, the storage reconciliation) is
 * recurring jobs of the queue: one row each, one schedule by the lease clock whatever the number of processes,
 * and rows that read as waiting between their rounds, not as failing.
 */

const quiet = { error: () => {}, warn: () => {}, info: () => {} };
const HOUR = 60 * 60 * 1000;
const RECURRING = ['purge-admin-history', 'purge-trash', 'reconcile-storage', 'remove-abandoned-uploads'];

describe('recurring jobs, with several processes starting and restarting', () => {
  let t: TestApp;
  const workers: Worker[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { RUN_JOBS: 'false' } });
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await t.close();
  });

  /** A process starting its worker as `npm start` and `npm run worker` do, with a queue of its own. */
  async function startProcess(): Promise<void> {
    const queue = new JobQueue({ db: t.db, clock: t.clock, lease: t.config.jobLease, log: quiet });
    const worker = composeWorker(t.deps, quiet, queue, { pollMs: 20 });
    workers.push(worker);
    await startWorker(worker, queue);
    for (const w of workers) await w.settle();
  }
  const recurringRows = () => t.db.selectFrom('jobs').selectAll().where('dedupe_key', 'is not', null).orderBy('kind').execute();

  it('are one row each, due one period after their last round, and read as waiting, 0 tries, after three restarts', async () => {
    // An old audit entry and an invitation long over: the admin history's first round forgets them.
    const longAgo = new Date(t.clock.now().getTime() - 400 * 24 * HOUR).toISOString();
    await t.db
      .insertInto('admin_audit')
      .values({ actor_id: null, actor_email: 'cli', action: 'user.disable', created_at: longAgo })
      .execute();
    await t.db
      .insertInto('invites')
      .values({ token_hash: 'a'.repeat(64), created_at: longAgo, expires_at: longAgo })
      .execute();

    await startProcess();
    for (let restart = 0; restart < 3; restart++) await startProcess();

    const rows = await recurringRows();
    expect(rows.map((r) => r.kind)).toEqual(RECURRING);
    for (const row of rows) expect(row, row.kind).toMatchObject({ attempts: 0, failures: 0, last_error: null, lease_until: null });
    const dueIn = Object.fromEntries(rows.map((r) => [r.kind, Date.parse(r.run_after) - t.clock.now().getTime()]));
    expect(dueIn).toEqual({
      'purge-admin-history': 24 * HOUR,
      'purge-trash': HOUR,
      'reconcile-storage': HOUR,
      'remove-abandoned-uploads': HOUR,
    });

    // As the admin area's «Задачи» (and `npm run admin -- jobs list`) show them.
    const shown = (await t.services.admin.operations.jobs()).filter((job) => RECURRING.includes(job.kind));
    expect(shown.map((job) => [job.kind, job.state, job.attempts]).sort()).toEqual(RECURRING.map((kind) => [kind, 'waiting', 0]));

    expect(await t.db.selectFrom('admin_audit').select('id').where('created_at', '=', longAgo).execute()).toEqual([]);
    expect(await t.db.selectFrom('invites').select('id').execute()).toEqual([]);
  });
});

describe('a recurring job whose round fails', () => {
  let t: TestApp;
  let worker: Worker | undefined;
  beforeAll(async () => {
    t = await createTestApp({ env: { RUN_JOBS: 'false' } });
  });
  afterEach(async () => worker?.stop());
  afterAll(() => t.close());

  it('is tried again as any job, never later than its next round, and starts its tries afresh once a round ends well', async () => {
    let failing = true;
    const queue = new JobQueue({ db: t.db, clock: t.clock, lease: t.config.jobLease, log: quiet });
    worker = new Worker({
      db: t.db,
      queue,
      clock: t.clock,
      log: quiet,
      workRoot: path.join(t.dataDir, 'work', 'jobs'),
      pollMs: 20,
      definitions: [
        {
          kind: 'purge-trash',
          every: { ms: 7_000 },
          async run() {
            if (failing) throw new Error('the trash would not purge');
          },
        },
      ],
    });
    await worker.schedule();
    worker.start();
    const row = () => t.db.selectFrom('jobs').selectAll().where('kind', '=', 'purge-trash').executeTakeFirstOrThrow();
    const dueIn = async () => Date.parse((await row()).run_after) - t.clock.now().getTime();

    await worker.settle();
    expect(await row()).toMatchObject({ attempts: 1, last_error: 'the trash would not purge' });
    expect(await dueIn()).toBe(5_000); // the first retry's wait, under the period
    t.clock.advance(5_000);
    await worker.settle();
    expect(await row()).toMatchObject({ attempts: 2, last_error: 'the trash would not purge' });
    expect(await dueIn()).toBe(7_000); // 10 s would pass the next round: the round it is

    failing = false;
    t.clock.advance(7_000);
    await worker.settle();
    expect(await row()).toMatchObject({ attempts: 0, failures: 0, last_error: null, lease_until: null });
    expect(await dueIn()).toBe(7_000);
    expect(await t.db.selectFrom('jobs').select('id').where('kind', '=', 'purge-trash').execute()).toHaveLength(1);
  });
});
