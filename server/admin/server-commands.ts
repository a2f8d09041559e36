import type { Job } from '../db/types.ts';
import { ApiError } from '../http/errors.ts';
import { reconcileStorage } from '../storage/reconcile.ts';
import { cliActor } from './audit.ts';
import { jobState } from './operations.ts';
import { AdminError, type CommandRun } from './command.ts';
import { table } from './terminal-text.ts';

/** `jobs …` and `storage check`: the job queue and the storage, as the admin area's «Задачи» and «Хранилище» show them. */
export const serverCommands: Record<string, CommandRun> = {
  'jobs list': async ({ json, repo, now }, ctx) => {
    const at = now();
    const jobs = await repo.jobs();
    if (json)
      return ctx.out(
        JSON.stringify(
          jobs.map((j) => jobJson(j, at)),
          null,
          2,
        ),
      );
    if (jobs.length === 0) return ctx.out('No jobs.');
    return table(
      ctx,
      ['ID', 'KIND', 'STATE', 'TRIES', 'RECORD', 'DUE', 'LAST ERROR'],
      jobs.map((j) => [
        String(j.id),
        j.kind,
        jobState(j, at),
        String(j.attempts),
        j.media_id === null ? '—' : String(j.media_id),
        j.run_after,
        (j.last_error ?? '').replace(/\s+/g, ' ').slice(0, 80),
      ]),
    );
  },
  'jobs retry': async ({ arg, repo, now, operations }, ctx) => {
    const given = arg(0, 'a job id');
    const id = Number(given);
    if (!Number.isSafeInteger(id) || id <= 0) throw new AdminError(`a job id is a positive whole number (given: ${given})`, 2);
    const job = await repo.job(id);
    if (!job) throw new AdminError(`no job ${id}`);
    if (jobState(job, now()) === 'running') throw new AdminError(`job ${id} (${job.kind}) is running now`);
    await operations.retryJob(cliActor, id).catch((err: unknown) => {
      throw err instanceof ApiError ? new AdminError(`job ${id} (${job.kind}) is running now`) : err;
    });
    return ctx.out(`job ${id} (${job.kind}): due now; a worker takes it at its next look (within a second).`);
  },
  'storage check': async ({ json }, ctx) => {
    // The work folders of runs that are over are each worker's to sweep (at its start and hourly).
    const report = await reconcileStorage({ db: ctx.db, storage: ctx.storage, clock: ctx.clock }, () => false, { dryRun: true });
    const found = report.found!;
    if (json) return ctx.out(JSON.stringify({ objects: found.objects.sort() }, null, 2));
    if (found.objects.length === 0) return ctx.out('Nothing to remove: every stored file is named by a row.');
    ctx.out(`${found.objects.length} stored file(s) no row names, untouched for an hour (the reconciliation removes them):`);
    for (const key of found.objects.sort()) ctx.out(`  ${key}`);
    return;
  },
};

/** A job as `jobs list --json` prints it: the admin area's fields and the record it works on. */
const jobJson = (j: Job, now: string) => ({
  id: j.id,
  kind: j.kind,
  state: jobState(j, now),
  attempts: j.attempts,
  media_id: j.media_id,
  run_after: j.run_after,
  last_error: j.last_error,
  created_at: j.created_at,
});
