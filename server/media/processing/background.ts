import type { MediaLog } from '../log.ts';

/**
 * Work off the request path that is not a job of the queue (the trash's periodic purge, measuring old
 * renditions): tracked so that shutdown waits for it and tests can wait until it is done. Errors are
 * logged, never thrown.
 */
export class BackgroundWork {
  private readonly jobs = new Set<Promise<void>>();
  private readonly timers = new Set<ReturnType<typeof setInterval>>();
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

  /** Runs `work` every `everyMs` until shutdown, never two runs at once. */
  every(everyMs: number, what: string, work: () => Promise<unknown>): void {
    if (this.stopped) return;
    let running = false;
    const timer = setInterval(() => {
      if (this.stopped || running) return;
      running = true;
      this.run(what, () => work().finally(() => (running = false)));
    }, everyMs);
    timer.unref?.();
    this.timers.add(timer);
  }

  /** Shutdown: no new periodic runs, and waits for the work in flight. */
  async drain(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    await this.idle();
  }

  /** Resolves when the work in flight now (and whatever it started) is done. */
  async idle(): Promise<void> {
    while (this.jobs.size) await Promise.allSettled([...this.jobs]);
  }
}
