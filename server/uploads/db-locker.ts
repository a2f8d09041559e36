import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { Clock } from '../clock.ts';
import type { UploadLocksRepository } from './lock-repository.ts';
import { TusRefusal } from './tus-refusal.ts';

export interface LockTimings {
  /** A held lock lasts this long unrenewed: the lock of a process that died frees itself after it. */
  leaseMs: number;
  /**
   * A waiting request that asked the holder to let go takes the lock over once the holder has not renewed
   * it for this long (a live one renews every renewEveryMs): the lock of a process that died is free in
   * seconds for the request that wants it, not after the whole lease.
   */
  staleMs: number;
  /** How often a holder renews its lease and looks whether a waiting request asked for the lock. */
  renewEveryMs: number;
  /** How often a waiting request tries again. */
  pollMs: number;
  /** A request that waited this long for the lock gives up (tus answers it with an error). */
  acquireTimeoutMs: number;
}

export const DEFAULT_LOCK_TIMINGS: LockTimings = {
  leaseMs: 30_000,
  staleMs: 3_000,
  renewEveryMs: 1_000,
  pollMs: 100,
  acquireTimeoutMs: 45_000,
};

/**
 * tus's Locker over the database, so that several API processes share the locks of the uploads (its
 * own MemoryLocker knows one process only). tus locks an upload for each request on it; a request
 * that finds the lock taken asks the holder to let go (tus then ends the holder's request: a client
 * that sends a new request has given up the old one), and waits until the lock is free or its own
 * request ends.
 *
 * The holder renews its lease while it works, so the lock of a process killed mid-request frees
 * itself once the lease runs out; a request that wants it sooner (a resume through another process)
 * takes it over once its holder, asked to let go, has not renewed it for staleMs. A request in the
 * same process as the holder asks it directly; one in another process sets the row's
 * release_requested, which the holder sees at its next renewal. Times come from the lease clock
 * (the database's), which every process shares.
 */
export class DbLocker implements Locker {
  /** Locks held by requests of this process. */
  private readonly held = new Map<string, DbLock>();

  constructor(
    private readonly repo: UploadLocksRepository,
    private readonly clock: Clock,
    private readonly timings: LockTimings = DEFAULT_LOCK_TIMINGS,
  ) {}

  newLock(id: string): Lock {
    return new DbLock(id, this.repo, this.clock, this.timings, this.held);
  }
}

class DbLock implements Lock {
  /** Names this lock's hold in the table: unique to this request. */
  private readonly holder = randomUUID();
  private renewal: ReturnType<typeof setInterval> | null = null;
  private requestRelease: RequestRelease | null = null;
  private releaseAsked = false;

  constructor(
    private readonly id: string,
    private readonly repo: UploadLocksRepository,
    private readonly clock: Clock,
    private readonly timings: LockTimings,
    private readonly held: Map<string, DbLock>,
  ) {}

  private leaseEnd(): string {
    return new Date(this.clock.now().getTime() + this.timings.leaseMs).toISOString();
  }

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const giveUpAt = Date.now() + this.timings.acquireTimeoutMs;
    for (;;) {
      if (signal.aborted || Date.now() > giveUpAt) throw TusRefusal.of(ERRORS.ERR_LOCK_TIMEOUT);
      const now = this.clock.now();
      const staleBefore = new Date(now.getTime() - this.timings.staleMs).toISOString();
      if (await this.repo.tryAcquire(this.id, this.holder, now.toISOString(), this.leaseEnd(), staleBefore)) break;
      await this.repo.requestRelease(this.id);
      await this.held.get(this.id)?.askToRelease();
      await sleep(this.timings.pollMs, undefined, { signal }).catch(() => {});
    }
    this.requestRelease = requestRelease;
    this.held.set(this.id, this);
    this.renewal = setInterval(() => void this.renew(), this.timings.renewEveryMs);
    this.renewal.unref();
  }

  async unlock(): Promise<void> {
    this.stopRenewing();
    if (this.held.get(this.id) === this) this.held.delete(this.id);
    await this.repo.release(this.id, this.holder);
  }

  private stopRenewing(): void {
    if (this.renewal) clearInterval(this.renewal);
    this.renewal = null;
  }

  /** Tells the request holding this lock to end (once). */
  private async askToRelease(): Promise<void> {
    if (this.releaseAsked) return;
    this.releaseAsked = true;
    await this.requestRelease?.();
  }

  private async renew(): Promise<void> {
    try {
      const state = await this.repo.renew(this.id, this.holder, this.clock.now().toISOString(), this.leaseEnd());
      if (!state) {
        // The lease ran out (this process stalled) and another request took the lock: this one stops.
        this.stopRenewing();
        await this.askToRelease();
      } else if (state.releaseRequested) {
        await this.askToRelease();
      }
    } catch {
      // The next renewal tries again; a lease that runs out meanwhile is what the waiting side handles.
    }
  }
}
