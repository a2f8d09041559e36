import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/kysely.ts';
import type { Storage } from '../storage/storage.ts';
import { parsePurgeFiles } from './purge-files.ts';
import { CLAIM_TOKEN, type JobLog, type JobQueue } from './queue.ts';
import { JobsRepository } from './repository.ts';
import { StoredKeysRepository } from './stored-keys-repository.ts';
import type { JobDefinition } from './worker.ts';

/**
 * Stored bytes untouched this long that no row names belong to nobody: a crash between storing them
 * and recording them (or between forgetting them and removing them). Younger ones may belong to work
 * still in progress, and are left to the next round.
 */
export const RECONCILE_AGE_MS = 60 * 60 * 1000;
/** The reconciliation runs at every worker's start and then once an hour (one run at a time, whatever the number of workers). */
export const RECONCILE_EVERY_MS = 60 * 60 * 1000;
const SINGLETON = 'reconcile-storage';
/** Keys looked up in the database at once. */
const BATCH = 200;

export interface ReconcileDeps {
  db: Db;
  storage: Storage;
  clock: Clock;
  /** DATA_DIR/work/jobs: the work folders of job runs, each named by its claim. */
  workRoot: string;
}

/** What one round removed (or, in a dry run, would remove: then `found` names them, and temp files are not looked at). */
export interface ReconcileReport {
  objects: number;
  workFolders: number;
  temp: number;
  found?: { objects: string[]; workFolders: string[] };
}

/** Asks for a round now (a worker's start): the one reconciliation job, added or brought forward. */
export function scheduleReconciliation(queue: JobQueue): Promise<void> {
  return queue.ensureSingleton({ kind: 'reconcile-storage' }, SINGLETON);
}

/**
 * One round: the storage's own stale temp files, work folders whose run is over, and every stored
 * object older than RECONCILE_AGE_MS that no record or account names (listed from the storage, so a
 * bucket is reconciled as a folder is). Objects of uploads still in progress are skipped: their
 * journal entry (a held 'purge-files' job) names them. `stop` ends the round early.
 */
export async function reconcileStorage(
  d: ReconcileDeps,
  stop: () => boolean = () => false,
  opts: { dryRun?: boolean } = {},
): Promise<ReconcileReport> {
  const now = d.clock.now();
  const cutoff = new Date(now.getTime() - RECONCILE_AGE_MS);
  const jobs = new JobsRepository(d.db);
  const found = opts.dryRun ? { objects: [] as string[], workFolders: [] as string[] } : undefined;
  const report: ReconcileReport = { objects: 0, workFolders: 0, temp: found ? 0 : await d.storage.removeStaleTemp(cutoff), found };

  for (const name of await readdir(d.workRoot).catch(() => [])) {
    if (!CLAIM_TOKEN.test(name) || (await jobs.isLive(name, now.toISOString()))) continue;
    if (found) found.workFolders.push(name);
    else await rm(path.join(d.workRoot, name), { recursive: true, force: true });
    report.workFolders++;
  }

  const inProgress = (await jobs.heldPayloads('purge-files', now.toISOString())).flatMap((p) => parsePurgeFiles(p).prefixes ?? []);
  const refs = new StoredKeysRepository(d.db);
  const sweep = async (keys: string[]) => {
    const named = await refs.referenced(keys);
    for (const key of keys) {
      if (named.has(key)) continue;
      if (found) found.objects.push(key);
      else await d.storage.delete(key);
      report.objects++;
    }
  };
  let batch: string[] = [];
  for await (const { key, modifiedAt } of d.storage.list('u/')) {
    if (stop()) return report;
    if (modifiedAt >= cutoff || inProgress.some((prefix) => key.startsWith(prefix))) continue;
    batch.push(key);
    if (batch.length >= BATCH) {
      await sweep(batch);
      batch = [];
    }
  }
  await sweep(batch);
  return report;
}

/** The 'reconcile-storage' job: a round, then the next one an hour later. */
export function reconcileStorageJob(d: ReconcileDeps & { log: JobLog }): JobDefinition {
  return {
    kind: 'reconcile-storage',
    async run(ctx) {
      const report = await reconcileStorage(d, ctx.lost);
      if (report.objects || report.workFolders || report.temp) d.log.info(report, 'storage reconciled: removed what nothing named');
      await ctx.later(new Date(d.clock.now().getTime() + RECONCILE_EVERY_MS));
    },
  };
}
