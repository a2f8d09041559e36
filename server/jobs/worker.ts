import { mkdir, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/kysely.ts';
import type { Job } from '../db/types.ts';
import { whileDatabaseDown } from '../db/unavailable.ts';
import { logRepeated } from '../log/repeats.ts';
import { JOB_LANES } from './kinds.ts';
import type { JobKind, Lane } from '../db/tables/jobs.ts';
import type { JobLog } from './log.ts';
import { CLAIM_TOKEN, newClaimToken, type JobQueue } from './queue.ts';
import { ClaimLostError, type JobContext, type JobDefinition, type RunOutcome } from './job.ts';
import { JobsRepository } from './repository.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { defaultRetryAfterMs, outsideRetryAfterMs } from './retries.ts';
import { sweepWorkFolders, WORK_SWEEP_EVERY_MS } from './work-folders.ts';

export interface WorkerDeps {
  db: Db;
  queue: JobQueue;
  clock: Clock;
  log: JobLog;
  /** Where each run's work folder is made, named by its claim (DATA_DIR/work/jobs). */
  workRoot: string;
  definitions: JobDefinition[];
  /** Slots per lane (default: short SHORT_RUNS_PER_CORE per core, video 1, housekeeping 1). */
  concurrency?: Partial<Record<Lane, number>>;
  /** How often an idle worker looks for due jobs, in ms (a nudge from this process wakes it at once). */
  pollMs?: number;
  /** Told of every run's end: its kind, how it ended and how long it took (the metrics' job durations). */
  observe?: (kind: string, outcome: RunOutcome, seconds: number) => void;
  /** Told of every claim: its kind and how long the job had been due (since its run_after, or created_at if later) by this worker's clock. */
  observePickup?: (kind: string, seconds: number) => void;
  /** How often it removes the work folders of claims that are over (WORK_SWEEP_EVERY_MS, work-folders.ts; tests shorten it). */
  sweepEveryMs?: number;
  /**
   * Whether a run's error is the trouble of something outside the job's input (the storage or the database
   * unavailable): such a run is tried again with outsideRetryAfterMs and counts no attempt. The engine knows
   * no storage: the composition says what counts (default: the database unavailable).
   */
  isOutsideFault?: (err: unknown) => boolean;
}

/**
 * Runs of the short lane per core. Most of them wait: short recordings claimed together are
 * processed together (several inputs in one ffmpeg run, whose start costs more than their few
 * seconds of sound), so the lane holds enough of them for a full batch per core. Kinds whose run
 * takes a core each cap themselves (JobDefinition.maxRunning).
 */
export const SHORT_RUNS_PER_CORE = 8;

interface LaneState {
  name: Lane;
  kinds: JobKind[];
  slots: number;
  running: number;
  filling: Promise<void> | null;
  again: boolean;
}

interface Running {
  done: Promise<void>;
  /** Stops renewing and hands the job back now (shutdown while it still runs). */
  handBack(): Promise<void>;
}

/**
 * Runs due jobs of the kinds it has definitions for, in lanes with slots of their own. A job runs
 * only in the process that claimed it; its claim is renewed while it runs, and another process takes
 * it over once a claim is not renewed in time. The same worker runs inside `npm start` and alone
 * (`npm run worker`), against the same database and storage.
 */
export class Worker {
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly lanes: LaneState[];
  private readonly running = new Map<number, Running>();
  /** Runs of each kind in progress here (for JobDefinition.maxRunning). */
  private readonly runningOf = new Map<string, number>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private sweeper: ReturnType<typeof setInterval> | null = null;
  private sweeping: Promise<unknown> = Promise.resolve();
  private unsubscribe: (() => Promise<void>) | null = null;
  private stopped = false;
  private wakeScheduled = false;
  private readonly woken = new Set<Lane>();
  /** When a look for due jobs last ended (readiness: a worker that stops looking is stuck). */
  private beatAt: Date | null = null;

  constructor(private readonly d: WorkerDeps) {
    for (const def of d.definitions) this.definitions.set(def.kind, def);
    const defaults: Record<Lane, number> = { short: SHORT_RUNS_PER_CORE * availableParallelism(), video: 1, housekeeping: 1 };
    const byLane = new Map<Lane, JobKind[]>();
    for (const def of d.definitions) byLane.set(JOB_LANES[def.kind], [...(byLane.get(JOB_LANES[def.kind]) ?? []), def.kind]);
    this.lanes = [...byLane].map(([name, kinds]) => ({
      name,
      kinds,
      slots: d.concurrency?.[name] ?? defaults[name],
      running: 0,
      filling: null,
      again: false,
    }));
  }

  /** Adds the row of every recurring job it runs that has none yet (JobDefinition.every); before start(). */
  async schedule(): Promise<void> {
    for (const def of this.definitions.values()) if (def.every) await this.d.queue.ensureRecurring(def.kind, def.every.ms);
  }

  /** Starts looking for due jobs: at once, every pollMs, and whenever this process enqueues one. */
  start(): void {
    if (this.timer || this.stopped) return;
    this.beatAt = this.d.clock.now();
    this.timer = setInterval(() => this.wake(), this.d.pollMs ?? 1_000);
    this.unsubscribe = this.d.queue.onNudge((lane) => this.wake(lane));
    this.wake();
    const { db, clock, workRoot, log } = this.d;
    const sweep = () => {
      this.sweeping = sweepWorkFolders({ db, clock, workRoot, log }).catch((err: unknown) =>
        log.warn({ err }, 'could not sweep the work folders'),
      );
    };
    // Not a recurring job (JobDefinition.every): the work folders are on this worker's own disk, which a job,
    // run by whichever worker claims it, could not reach. So each worker sweeps its own, on a timer of its own.
    sweep();
    this.sweeper = setInterval(sweep, this.d.sweepEveryMs ?? WORK_SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  /**
   * Shutdown: claims nothing more and waits up to `graceMs` for the jobs running here; those still
   * running then are handed back, so another process takes them at once instead of after their lease.
   */
  async stop(graceMs = 5_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.sweeper) clearInterval(this.sweeper);
    await this.unsubscribe?.();
    await this.sweeping;
    await Promise.all(this.lanes.map((lane) => lane.filling ?? Promise.resolve()));
    let timeout: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.allSettled([...this.running.values()].map((r) => r.done)),
      new Promise((resolve) => (timeout = setTimeout(resolve, graceMs))),
    ]);
    clearTimeout(timeout);
    await Promise.all([...this.running.values()].map((r) => r.handBack()));
  }

  /** When this worker started or last finished looking for due jobs; null before it started and once it stopped. */
  heartbeat(): Date | null {
    return this.stopped ? null : this.beatAt;
  }

  /** Runs jobs until none is due and none runs (tests wait on this; jobs due later are left). */
  async settle(): Promise<void> {
    for (;;) {
      await Promise.all(this.lanes.map((lane) => this.fill(lane)));
      if (this.running.size === 0) return;
      await Promise.allSettled([...this.running.values()].map((r) => r.done));
    }
  }

  /** Looks for due jobs soon (once for any number of calls meanwhile): in `lane`, or in every lane. */
  private wake(lane?: Lane): void {
    if (this.stopped) return;
    if (lane) this.woken.add(lane);
    else for (const l of this.lanes) this.woken.add(l.name);
    if (this.wakeScheduled) return;
    this.wakeScheduled = true;
    setImmediate(() => {
      this.wakeScheduled = false;
      for (const l of this.lanes) if (this.woken.has(l.name)) void this.fill(l);
      this.woken.clear();
    });
  }

  /** Claims due jobs into the lane's free slots; one fill per lane at a time (a call meanwhile makes it look once more). */
  private fill(lane: LaneState): Promise<void> {
    if (lane.filling) {
      lane.again = true;
      return lane.filling;
    }
    lane.filling = (async () => {
      do {
        lane.again = false;
        while (!this.stopped && lane.running < lane.slots) {
          const claimed = await this.claimOne(lane).catch((err: unknown) => {
            logRepeated(this.d.log, 'error', 'could not claim a job', err, 'could not claim a job');
            return null;
          });
          if (!claimed) break;
          this.begin(lane, claimed.job, claimed.previousClaim);
        }
      } while (lane.again && !this.stopped);
    })().finally(() => {
      lane.filling = null;
      this.beatAt = this.d.clock.now();
    });
    return lane.filling;
  }

  private async claimOne(lane: LaneState): Promise<{ job: Job; previousClaim: string | null } | null> {
    const repo = new JobsRepository(this.d.db);
    const now = this.d.clock.now().toISOString();
    const kinds = lane.kinds.filter((kind) => (this.runningOf.get(kind) ?? 0) < (this.definitions.get(kind)!.maxRunning ?? lane.slots));
    if (!kinds.length) return null;
    for (const candidate of await repo.due(lane.name, kinds, now, lane.slots - lane.running + 2)) {
      const claim = newClaimToken();
      const job = await repo.claim(candidate, now, this.d.queue.leaseUntil(), claim);
      if (!job) continue;
      const dueAt = Math.max(Date.parse(job.run_after), Date.parse(job.created_at));
      this.d.observePickup?.(job.kind, Math.max(0, Date.parse(now) - dueAt) / 1000);
      return { job, previousClaim: candidate.claim };
    }
    return null;
  }

  private begin(lane: LaneState, job: Job, previousClaim: string | null): void {
    lane.running++;
    this.runningOf.set(job.kind, (this.runningOf.get(job.kind) ?? 0) + 1);
    let handBack: () => Promise<void> = async () => {};
    const done = this.run(job, previousClaim, (h) => (handBack = h))
      .catch((err: unknown) => this.d.log.error({ err, job: job.id, kind: job.kind }, 'job run failed'))
      .finally(() => {
        lane.running--;
        this.runningOf.set(job.kind, this.runningOf.get(job.kind)! - 1);
        this.running.delete(job.id);
        if (!this.stopped) void this.fill(lane);
      });
    this.running.set(job.id, { done, handBack: () => handBack() });
  }

  private async run(job: Job, previousClaim: string | null, onHandBack: (h: () => Promise<void>) => void): Promise<void> {
    const { db, log, queue, clock } = this.d;
    const def = this.definitions.get(job.kind)!;
    const claim = job.claim!;
    const repo = new JobsRepository(db);
    let lost = false;
    let ended = false;
    let renewing: Promise<unknown> = Promise.resolve();
    const renew = setInterval(() => {
      renewing = repo.renew(job.id, claim, queue.leaseUntil()).then(
        (held) => {
          if (held) return;
          lost = true; // taken over after a stall, or the job is gone
          clearInterval(renew);
        },
        (err: unknown) => log.warn({ err, job: job.id }, 'could not renew a job claim'),
      );
    }, queue.lease.renewEveryMs);
    const stopRenewing = async () => {
      clearInterval(renew);
      await renewing;
    };
    onHandBack(async () => {
      await stopRenewing();
      lost = true;
      ended = true;
      await repo.release(job.id, claim, clock.now().toISOString(), 'handed back at shutdown');
    });

    let dir: string | null = null;
    // The work folder goes before the job ends: once its result shows, nothing of the run is left.
    const removeDir = async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
      dir = null;
    };
    const ctx: JobContext = {
      job,
      claim,
      previousClaim,
      lost: () => lost,
      workDir: async () => {
        dir ??= path.join(this.d.workRoot, claim);
        await mkdir(dir, { recursive: true });
        return dir;
      },
      finish: async (write) => {
        if (ended) return !lost;
        await stopRenewing();
        await removeDir();
        ended = true;
        let done: boolean;
        try {
          done = await db.transaction().execute(async (trx) => {
            if (!(await new JobsRepository(trx).finish(job.id, claim))) return false;
            await write?.(trx);
            return true;
          });
        } catch (err) {
          ended = false; // nothing was written: the failure below hands the job back
          throw err;
        }
        if (!done) lost = true;
        return done;
      },
      later: async (at, error, outsideFailure = false) => {
        if (ended) return !lost;
        await stopRenewing();
        await removeDir();
        ended = true;
        // A database down for a moment (a restart) is waited for, while the claim would still hold: the
        // job is handed back now rather than once its lease runs out (which would count as an attempt).
        const held = await whileDatabaseDown(queue.lease.ms / 2, () =>
          repo.release(job.id, claim, at.toISOString(), error ?? null, outsideFailure),
        );
        if (!held) lost = true;
        return held;
      },
    };

    // A recurring job's run that ended well: its next round, its tries afresh (not finish(), which removes it).
    const repeat = async (everyMs: number) => {
      await stopRenewing();
      await removeDir();
      ended = true;
      if (!(await repo.repeat(job.id, claim, new Date(clock.now().getTime() + everyMs).toISOString()))) lost = true;
    };
    // A failed run of a recurring job is tried again no later than its next round would have been.
    const nextRound = def.every?.ms ?? Infinity;

    const started = performance.now();
    let outcome: RunOutcome = 'done';
    try {
      // The run before this one stopped without ending: its work folder is nobody's now.
      if (previousClaim && CLAIM_TOKEN.test(previousClaim))
        await rm(path.join(this.d.workRoot, previousClaim), { recursive: true, force: true });
      // Claims that did not end in an outside failure: runs that threw, and runs whose process died.
      const attempts = job.attempts - job.failures;
      if (def.maxAttempts !== undefined && attempts > def.maxAttempts) {
        outcome = 'gave_up';
        await def.giveUp?.(ctx, new Error(`claimed ${attempts} times without ending`));
      } else {
        await def.run(ctx);
      }
      if (!ended) await (def.every ? repeat(def.every.ms) : ctx.finish());
    } catch (err) {
      if (err instanceof ClaimLostError || lost || ended) {
        outcome = 'lost';
        return;
      }
      const attempts = job.attempts - job.failures;
      outcome = 'retry';
      if ((this.d.isOutsideFault ?? isDatabaseUnavailable)(err)) {
        const failures = job.failures + 1;
        log.warn({ err, job: job.id, kind: job.kind, failures }, 'job failed for a reason outside its input: tried again later');
        await ctx.later(new Date(clock.now().getTime() + Math.min(outsideRetryAfterMs(failures), nextRound)), errorText(err), true);
        return;
      }
      log.warn({ err, job: job.id, kind: job.kind, attempt: attempts }, 'job failed');
      if (def.giveUp && def.maxAttempts !== undefined && attempts >= def.maxAttempts) {
        outcome = 'gave_up';
        await def.giveUp(ctx, err);
        if (!ended) await ctx.finish();
      } else {
        const wait = Math.min((def.retryAfterMs ?? defaultRetryAfterMs)(attempts), nextRound);
        await ctx.later(new Date(clock.now().getTime() + wait), errorText(err));
      }
    } finally {
      await stopRenewing();
      await removeDir();
      const ended = lost && outcome === 'done' ? 'lost' : outcome;
      const ms = Math.round(performance.now() - started);
      this.d.observe?.(job.kind, ended, ms / 1000);
      // One line per run: what ran, how it ended, how long it took.
      log.info({ job: job.id, kind: job.kind, outcome: ended, ms }, `job ${job.kind} ${ended} in ${ms} ms`);
    }
  }
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);
