import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/kysely.ts';
import type { JobLog } from './log.ts';
import { CLAIM_TOKEN } from './queue.ts';
import { JobsRepository } from './repository.ts';

/** Work folders of claims that are over are removed at a worker's start and then this often. */
export const WORK_SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Removes the work folders under a worker's DATA_DIR/work/jobs (`workRoot`) whose claim no longer holds by
 * the lease clock: what a run left when its process died, or stalled past its lease. Each worker sweeps its
 * own disk, which no other machine can reach; a run in progress renews its claim, so its folder stays (and
 * a folder is made only once its claim is in the database). Returns how many it removed.
 */
export async function sweepWorkFolders(d: { db: Db; clock: Clock; workRoot: string; log: JobLog }): Promise<number> {
  const repo = new JobsRepository(d.db);
  let removed = 0;
  for (const name of await readdir(d.workRoot).catch(() => [])) {
    if (!CLAIM_TOKEN.test(name) || (await repo.isLive(name, d.clock.now().toISOString()))) continue;
    await rm(path.join(d.workRoot, name), { recursive: true, force: true });
    removed++;
  }
  if (removed > 0) d.log.info({ removed }, 'removed the work folders of runs that are over');
  return removed;
}
