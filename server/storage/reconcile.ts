import type { Clock } from '../clock.ts';
import type { Db } from '../db/kysely.ts';
import type { Storage } from './storage.ts';
import { parsePurgeFiles } from './purge-files.ts';
import type { JobLog } from '../jobs/log.ts';
import { jobsInProgress, type JobQueue } from '../jobs/queue.ts';
import { StoredKeysRepository } from './stored-keys-repository.ts';
import type { JobDefinition } from '../jobs/job.ts';

/**
 * Stored bytes untouched this long that no row names belong to nobody: a crash between storing them
 * and recording them (or between forgetting them and removing them). Younger ones may belong to work
 * still in progress, and are left to the next round.
 */
export const RECONCILE_AGE_MS = 60 * 60 * 1000;
/** The reconciliation runs at every worker's start and then once an hour (one run at a time, whatever the number of workers). */
export const RECONCILE_EVERY_MS = 60 * 60 * 1000;
/** Keys looked up in the database at once. */
const BATCH = 200;

export interface ReconcileDeps {
  db: Db;
  storage: Storage;
  /** The lease clock (the database's): what is live, what is old enough, when the next round is. */
  clock: Clock;
}

/** What one round removed (or, in a dry run, would remove: then `found` names the objects; temp files and multipart uploads are not looked at). */
export interface ReconcileReport {
  objects: number;
  temp: number;
  /** Unfinished multipart uploads aborted (a bucket's). */
  multipart: number;
  found?: { objects: string[] };
}

/** Asks for a round now (every worker's start): the one reconciliation job, added or brought forward. */
export function scheduleReconciliation(queue: JobQueue): Promise<void> {
  return queue.ensureRecurring('reconcile-storage', RECONCILE_EVERY_MS, true);
}

/**
 * One round: the storage's own stale temp files, a bucket's unfinished multipart uploads that nothing in
 * progress owns, and every stored object older than RECONCILE_AGE_MS that no record or account names
 * (listed from the storage, so a bucket is reconciled as a folder is). Objects of uploads still in
 * progress are skipped (their journal entry, a held 'purge-files' job, names them), and so are the outputs of
 * jobs still running (their keys carry the run's live claim).
 * `stop` ends the round early. (The work folders of runs that are over are each worker's own to sweep:
 * see Worker.sweepWorkFolders.)
 */
export async function reconcileStorage(
  d: ReconcileDeps,
  stop: () => boolean = () => false,
  opts: { dryRun?: boolean } = {},
): Promise<ReconcileReport> {
  const now = d.clock.now();
  const cutoff = new Date(now.getTime() - RECONCILE_AGE_MS);
  const jobs = jobsInProgress(d.db);
  const found = opts.dryRun ? { objects: [] as string[] } : undefined;
  const report: ReconcileReport = { objects: 0, temp: found ? 0 : await d.storage.removeStaleTemp(cutoff), multipart: 0, found };

  const inProgress = (await jobs.heldPayloads('purge-files', now.toISOString())).flatMap((p) => parsePurgeFiles(p).prefixes ?? []);
  const refs = new StoredKeysRepository(d.db);
  if (!found) report.multipart = await abortOrphanedUploads(d, cutoff, inProgress, refs, stop);
  const sweep = async (keys: string[]) => {
    // A job still running stores its outputs under keys of its claim and names them in its record only at its
    // end: a long video's first output can be an hour old by then. The claims are read before the records, so
    // an output is either still claimed or already named.
    const claims = await jobs.liveClaims(d.clock.now().toISOString());
    const named = await refs.referenced(keys);
    for (const key of keys) {
      if (named.has(key) || claims.some((claim) => key.includes(claim))) continue;
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

/**
 * Aborts the unfinished multipart uploads of a bucket that nothing in progress owns and that were begun
 * before `cutoff`: no upload request's journal entry (a held 'purge-files' job) names their key, no live
 * claim's token is in it (a job's run writes its outputs under keys of its claim), no live resumable
 * upload stages into it, and no row names it. Every writer takes its owner before it begins its upload,
 * so one without an owner was cut off by a killed process; the hour is a margin for clocks that disagree.
 */
async function abortOrphanedUploads(
  d: ReconcileDeps,
  cutoff: Date,
  inProgress: string[],
  refs: StoredKeysRepository,
  stop: () => boolean,
): Promise<number> {
  const { storage } = d;
  if (!storage.unfinishedUploads || !storage.abortUnfinished) return 0;
  // Listed before the owners are read: whatever began after the listing is not among them.
  const unfinished = [];
  for await (const upload of storage.unfinishedUploads('u/')) if (upload.initiated < cutoff) unfinished.push(upload);
  if (unfinished.length === 0) return 0;
  const claims = await jobsInProgress(d.db).liveClaims(d.clock.now().toISOString());
  const named = await refs.referenced(unfinished.map((u) => u.key));
  let aborted = 0;
  for (const upload of unfinished) {
    if (stop()) break;
    const owned =
      named.has(upload.key) ||
      inProgress.some((prefix) => upload.key.startsWith(prefix)) ||
      claims.some((claim) => upload.key.includes(claim));
    if (owned) continue;
    await storage.abortUnfinished(upload);
    aborted++;
  }
  return aborted;
}

/** The 'reconcile-storage' job: a recurring one, a round every RECONCILE_EVERY_MS (and at every worker's start). */
export function reconcileStorageJob(d: ReconcileDeps & { log: JobLog }): JobDefinition {
  return {
    kind: 'reconcile-storage',
    every: { ms: RECONCILE_EVERY_MS },
    async run(ctx) {
      const report = await reconcileStorage(d, ctx.lost);
      if (report.objects || report.temp || report.multipart) d.log.info(report, 'storage reconciled: removed what nothing named');
    },
  };
}
