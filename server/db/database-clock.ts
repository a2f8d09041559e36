import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import { dialectOf, type Db } from './kysely.ts';

/**
 * The database's clock, read by a process for the times every process must agree on: job claims and
 * their leases, when a job is due, upload locks. A process whose own clock runs ahead (or behind) would
 * otherwise judge a live claim run out and take over a job another process is running, or push a shared
 * schedule hours away. One clock for all of them: the database server's (on SQLite, whose file is local
 * to its processes, the machine's own).
 *
 * Reading it on every use would cost a round trip per claim, so it is read at start and then every
 * `resyncMs` (a minute), and carried forward in between by the process's monotonic clock, which a change
 * of the wall clock does not move: what each reading says is the database's time at the middle of its
 * round trip. A failed reading keeps the last one (the process's monotonic clock drifts by far less than a
 * lease in a minute); the next one corrects it.
 */
export class DatabaseClock implements Clock {
  private base = 0;
  private at = 0;
  /** How far `now()` may be off the database's time: half the last reading's round trip. */
  uncertaintyMs = 0;
  private timer: ReturnType<typeof setInterval> | null = null;

  private constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Reads the database's time once (a failure is the caller's), then keeps it in step every `resyncMs`. */
  static async start(db: Db, opts: { resyncMs?: number; onError?: (err: unknown) => void } = {}): Promise<DatabaseClock> {
    const clock = new DatabaseClock(db, opts.onError ?? (() => {}));
    await clock.sync();
    clock.timer = setInterval(() => void clock.sync().catch(clock.onError), opts.resyncMs ?? 60_000);
    clock.timer.unref();
    return clock;
  }

  now(): Date {
    return new Date(this.base + (performance.now() - this.at));
  }

  /** Reads the database's time now. */
  async sync(): Promise<void> {
    const before = performance.now();
    const time = await databaseTime(this.db);
    const after = performance.now();
    this.base = time.getTime();
    this.at = (before + after) / 2;
    this.uncertaintyMs = (after - before) / 2;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/** The database server's current time (SQLite: the machine's), to the millisecond. */
export async function databaseTime(db: Db): Promise<Date> {
  if (dialectOf(db) === 'postgres') {
    // clock_timestamp(), not now(): the time of the statement, not of a transaction that may have begun earlier.
    const { rows } = await sql<{ now: Date }>`SELECT clock_timestamp() AS now`.execute(db);
    return new Date(rows[0]!.now);
  }
  const { rows } = await sql<{ now: string }>`SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now') AS now`.execute(db);
  return new Date(rows[0]!.now);
}
