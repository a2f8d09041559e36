import type { MediaLog } from '../log.ts';

/**
 * One process's work off the request path that is not a job of the queue (measuring old renditions once at
 * start, removing what a refused upload left): tracked so that shutdown waits for it and tests can wait until it
 * is done. Errors are logged, never thrown. Recurring work is not this: it is a recurring job of the queue
 * (JobDefinition.every), one schedule whatever the number of processes.
 */
export class BackgroundWork {
  private readonly jobs = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly log: MediaLog) {}

  /** True once shutdown began: long work stops at its next step and leaves the rest to the next start. */
  get closed(): boolean {
    return this.stopped;
  }

  /** Runs `work` in the background; `what` names it in the log when it fails. */
  run(what: string, work: () => Promise<unknown>): void {
    this.track(
      work().then(
        () => undefined,
        (err: unknown) => this.log.error({ err }, `could not ${what}`),
      ),
    );
  }

  /** Tracks a job that handles its own errors. */
  track(job: Promise<void>): void {
    this.jobs.add(job);
    void job.finally(() => this.jobs.delete(job));
  }

  /** Shutdown: waits for the work in flight. */
  async drain(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  /** Resolves when the work in flight now (and whatever it started) is done. */
  async idle(): Promise<void> {
    while (this.jobs.size) await Promise.allSettled([...this.jobs]);
  }
}
