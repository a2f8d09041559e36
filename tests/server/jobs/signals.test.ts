import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../server/clock.ts';
import { createDb, type Db } from '../../../server/db/kysely.ts';
import { DEFAULT_LEASE } from '../../../server/jobs/kinds.ts';
import { JobQueue } from '../../../server/jobs/queue.ts';
import { jobSignals, LISTENER_NAME } from '../../../server/jobs/signals.ts';
import { Worker } from '../../../server/jobs/worker.ts';
import { until } from '../../support/until.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-app.ts';

const quiet = { error: () => {}, warn: () => {}, info: () => {} };

/**
 * A job added in one process wakes the worker of another at once: on PostgreSQL by NOTIFY, heard on a
 * connection of the worker's own that comes back after the database drops it. SQLite has no such signal.
 */
describe('job signals between processes', () => {
  let data: TestDatabase;
  /** The other process's own pool on the same database. */
  let otherDb: Db;
  let workRoot: string;

  beforeAll(async () => {
    data = await createTestDatabase();
    otherDb = createDb(data.config.database);
    workRoot = mkdtempSync(path.join(os.tmpdir(), 'kopilka-signals-'));
  });
  afterAll(async () => {
    await otherDb.destroy();
    await data.drop();
    rmSync(workRoot, { recursive: true, force: true });
  });

  /** The pid of the worker's listening connection, once there is one (other than `before`). */
  const listener = async (before?: number) => {
    let pid: number | undefined;
    await until(
      'the worker to listen',
      async () => {
        const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity
          where application_name = ${LISTENER_NAME} and query like 'LISTEN%' and state = 'idle'`.execute(data.db);
        pid = rows.find((row) => row.pid !== before)?.pid;
        return pid !== undefined;
      },
      10_000,
    );
    return pid!;
  };
  const listeners = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where application_name = ${LISTENER_NAME}`.execute(data.db))
      .rows[0]!.n;

  it('a worker that looks only once a minute runs a job another process added within a second, also after its connection was cut', async () => {
    const signals = jobSignals(data.config, data.db, quiet);
    if (data.config.database.dialect === 'sqlite') {
      // One file, no server to carry a signal: other processes' jobs are found at the next look.
      expect(signals).toBeUndefined();
      return;
    }
    const adding = new JobQueue({ db: data.db, clock: systemClock, lease: DEFAULT_LEASE, log: quiet, signals });
    const queue = new JobQueue({
      db: otherDb,
      clock: systemClock,
      lease: DEFAULT_LEASE,
      log: quiet,
      signals: jobSignals(data.config, otherDb, quiet),
    });
    const ran: number[] = [];
    const worker = new Worker({
      db: otherDb,
      queue,
      clock: systemClock,
      log: quiet,
      workRoot,
      pollMs: 60_000,
      definitions: [{ kind: 'purge-files', run: async ({ job }) => void ran.push(job.id) }],
    });
    worker.start();
    try {
      const pid = await listener();
      const first = await adding.enqueue({ kind: 'purge-files', payload: { keys: [] } });
      const added = Date.now();
      await until('the job to run', () => ran.includes(first.id), 5_000, 10);
      expect(Date.now() - added).toBeLessThan(1_000);

      // The database drops the listening connection (a restart, a proxy's idle timeout): it is opened again.
      await sql`select pg_terminate_backend(${pid})`.execute(data.db);
      await listener(pid);
      const second = await adding.enqueue({ kind: 'purge-files', payload: { keys: [] } });
      const again = Date.now();
      await until('the job to run after the cut', () => ran.includes(second.id), 5_000, 10);
      expect(Date.now() - again).toBeLessThan(1_000);
    } finally {
      await worker.stop();
    }
    // Stopped, it listens no more.
    await until('the listening connection to close', async () => (await listeners()) === 0, 5_000);
  });
});
