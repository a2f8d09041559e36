import type { Clock } from '../clock.ts';
import type { Db } from '../db/kysely.ts';

export interface ThrottleResult {
  allowed: boolean;
  /** Seconds until one more event fits in the window (0 when allowed). */
  retryAfterSeconds: number;
}

/** Events older than this are deleted now and then; no window is longer. */
const KEEP_MS = 24 * 60 * 60 * 1000;
const CLEAN_EVERY = 200;

/**
 * Sliding-window throttles kept in the database (rate_events), so every API process sees the
 * same counts. `check` only looks, `record` only counts, `hit` does both (counting only what it allows).
 */
export class Throttle {
  private writes = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async check(key: string, limit: number, windowMs: number): Promise<ThrottleResult> {
    const now = this.clock.now().getTime();
    const since = new Date(now - windowMs).toISOString();
    const rows = await this.db
      .selectFrom('rate_events')
      .select('created_at')
      .where('key', '=', key)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    if (rows.length < limit) return { allowed: true, retryAfterSeconds: 0 };
    // The limit-th newest event has to leave the window before one more fits.
    const oldest = Date.parse(rows[rows.length - 1]!.created_at);
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)) };
  }

  async record(key: string): Promise<void> {
    await this.db.insertInto('rate_events').values({ key, created_at: this.clock.now().toISOString() }).execute();
    if (++this.writes % CLEAN_EVERY === 0) await this.clean();
  }

  async hit(key: string, limit: number, windowMs: number): Promise<ThrottleResult> {
    const result = await this.check(key, limit, windowMs);
    if (result.allowed) await this.record(key);
    return result;
  }

  /** Several limits on one event (e.g. once a minute and 10 an hour): all must allow it; it is counted once per key. */
  async hitAll(rules: { key: string; limit: number; windowMs: number }[]): Promise<ThrottleResult> {
    let worst: ThrottleResult = { allowed: true, retryAfterSeconds: 0 };
    for (const r of rules) {
      const res = await this.check(r.key, r.limit, r.windowMs);
      if (!res.allowed && res.retryAfterSeconds > worst.retryAfterSeconds) worst = res;
    }
    if (!worst.allowed) return worst;
    for (const key of new Set(rules.map((r) => r.key))) await this.record(key);
    return worst;
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_events').where('key', '=', key).execute();
  }

  async clean(): Promise<void> {
    const before = new Date(this.clock.now().getTime() - KEEP_MS).toISOString();
    await this.db.deleteFrom('rate_events').where('created_at', '<', before).execute();
  }
}

/** The module's one entry point for simple cases: one key, one limit. */
export function hit(db: Db, clock: Clock, key: string, limit: number, windowMs: number): Promise<ThrottleResult> {
  return new Throttle(db, clock).hit(key, limit, windowMs);
}
