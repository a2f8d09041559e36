import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/kysely.ts';
import type { Job } from '../db/types.ts';
import { migrationStatus } from '../db/migrate.ts';
import type { Readiness } from '../health/readiness.ts';
import { detailError } from '../http/errors.ts';
import { reconcileStorage } from '../storage/reconcile.ts';
import type { Storage } from '../storage/storage.ts';
import type { AdminJob, AdminStatus, AdminStorage, JobState, StorageCheck } from '../../contract/admin.ts';
import { VERSION } from '../version.ts';
import { AdminRepository } from './admin-repository.ts';
import { AdminUsersRepository } from './admin-users-repository.ts';
import type { Actor, AuditLog } from './audit.ts';
import type { Registration } from './registration.ts';

/** The most jobs the area lists (the oldest first: what waits longest). */
export const JOBS_SHOWN = 500;

export interface OperationsDeps {
  db: Db;
  storage: Storage;
  clock: Clock;
  config: Pick<Config, 'database' | 'mediaStorage'>;
  readiness: Pick<Readiness, 'check'>;
  registration: Pick<Registration, 'mode'>;
  audit: AuditLog;
}

/** The server as the admin area sees it: its state, its storage, its job queue. */
export class AdminOperations {
  private readonly jobsRepo: AdminRepository;
  private readonly usersRepo: AdminUsersRepository;

  constructor(private readonly d: OperationsDeps) {
    this.jobsRepo = new AdminRepository(d.db);
    this.usersRepo = new AdminUsersRepository(d.db);
  }

  async status(): Promise<AdminStatus> {
    const [report, migrations, counts, registration] = await Promise.all([
      this.d.readiness.check(),
      migrationStatus(this.d.db),
      this.usersRepo.counts(),
      this.d.registration.mode(),
    ]);
    return {
      version: VERSION,
      database: this.d.config.database.dialect,
      storage: this.d.config.mediaStorage.kind,
      ready: report.ready,
      checks: Object.fromEntries(Object.entries(report.checks).filter(([, v]) => v !== undefined)),
      migrations,
      ...counts,
      registration,
    };
  }

  async storage(): Promise<AdminStorage> {
    const [byKind, uploads] = await Promise.all([this.usersRepo.usage(), this.usersRepo.uploads()]);
    return {
      kind: this.d.config.mediaStorage.kind,
      used_bytes: byKind.reduce((sum, k) => sum + k.bytes, 0),
      files: byKind.reduce((sum, k) => sum + k.files, 0),
      by_kind: byKind,
      uploads: uploads.map((u) => ({ ...u, size: Number(u.size) })),
    };
  }

  /** What the storage reconciliation would remove now (stored files no row names, untouched for an hour); nothing is removed. */
  async checkStorage(): Promise<StorageCheck> {
    const report = await reconcileStorage({ db: this.d.db, storage: this.d.storage, clock: this.d.clock }, () => false, { dryRun: true });
    return { objects: (report.found?.objects ?? []).sort(), checked_at: this.d.clock.now().toISOString() };
  }

  async jobs(): Promise<AdminJob[]> {
    const now = this.d.clock.now().toISOString();
    return (await this.jobsRepo.jobs(JOBS_SHOWN)).map((j) => jobJson(j, now));
  }

  /** A job that is not running now is due at once, its tries counted afresh. */
  async retryJob(actor: Actor, id: number): Promise<AdminJob> {
    const job = await this.jobsRepo.job(id);
    if (!job) throw detailError(404, 'Задача не найдена.');
    if (!(await this.jobsRepo.retryJob(id, this.d.clock.now().toISOString()))) throw detailError(409, 'Задача выполняется сейчас.');
    await this.d.audit.record(actor, { action: 'job.retry', targetId: id, target: job.kind, details: { job: id, kind: job.kind } });
    return jobJson((await this.jobsRepo.job(id)) ?? job, this.d.clock.now().toISOString());
  }
}

/** Running: a claim whose lease holds. Failed: its last run failed and it waits for its retry. Waiting: the rest. */
export function jobState(j: Pick<Job, 'lease_until' | 'last_error'>, now: string): JobState {
  if (j.lease_until !== null && j.lease_until >= now) return 'running';
  return j.last_error !== null ? 'failed' : 'waiting';
}

export const jobJson = (j: Job, now: string): AdminJob => ({
  id: j.id,
  kind: j.kind,
  state: jobState(j, now),
  attempts: j.attempts,
  run_after: j.run_after,
  last_error: j.last_error,
  created_at: j.created_at,
});
