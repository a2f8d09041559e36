import type { Clock } from '../clock.ts';
import type { Db } from '../db/kysely.ts';

export interface ThrottleResult {
  allowed: boolean;
  /** Seconds until one more event fits in the window (0 when allowed). */
  retryAfterSeconds: number;
}

export interface ThrottleRule {
  key: string;
  limit: number;
  windowMs: number;
}

/** An event counted ahead of the work it guards; `release` takes it back (e.g. the attempt succeeded). */
export interface Reservation extends ThrottleResult {
  release(): Promise<void>;
}

/** Events older than this are deleted now and then; no window is longer. */
const KEEP_MS = 24 * 60 * 60 * 1000;
const CLEAN_EVERY = 200;

/**
 * Sliding-window throttles kept in the database (rate_events), so every API process sees the
 * same counts. `reserve` (and `hit`) count first and atomically: under a row lock per key
 * (throttle_locks, taken in key order), the events in the window are counted and, if every rule
 * allows it, one is recorded, in one transaction. So a burst of simultaneous requests can never
 * get more than `limit` through, on SQLite and PostgreSQL alike. `record` only counts.
 */
export class Throttle {
  private writes = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts one event under every rule, or under none when any rule is full (the longest wait is
   * reported). The caller does the guarded work afterwards and may release the event.
   */
  async reserve(rules: ThrottleRule[]): Promise<Reservation> {
    const now = this.clock.now();
    const nowIso = now.toISOString();
    const keys = [...new Set(rules.map((r) => r.key))].sort();
    const { result, ids } = await this.db.transaction().execute(async (trx) => {
      // The upsert takes the key's row lock (PostgreSQL) or the write lock (SQLite) until commit.
      for (const key of keys) {
        await trx
          .insertInto('throttle_locks')
          .values({ key, touched_at: nowIso })
          .onConflict((oc) => oc.column('key').doUpdateSet({ touched_at: nowIso }))
          .execute();
      }
      let worst: ThrottleResult = { allowed: true, retryAfterSeconds: 0 };
      for (const rule of rules) {
        const res = await windowState(trx, rule, now.getTime());
        if (!res.allowed && res.retryAfterSeconds > worst.retryAfterSeconds) worst = res;
      }
      if (!worst.allowed) return { result: worst, ids: [] as number[] };
      const ids: number[] = [];
      for (const key of keys) {
        const row = await trx.insertInto('rate_events').values({ key, created_at: nowIso }).returning('id').executeTakeFirstOrThrow();
        ids.push(row.id);
      }
      return { result: worst, ids };
    });
    if (ids.length) await this.counted(ids.length);
    return {
      ...result,
      release: async () => {
        if (ids.length) await this.db.deleteFrom('rate_events').where('id', 'in', ids).execute();
      },
    };
  }

  async hit(key: string, limit: number, windowMs: number): Promise<ThrottleResult> {
    const { allowed, retryAfterSeconds } = await this.reserve([{ key, limit, windowMs }]);
    return { allowed, retryAfterSeconds };
  }

  /** Several limits on one event (e.g. once a minute and 10 an hour): all must allow it; it is counted once per key. */
  async hitAll(rules: ThrottleRule[]): Promise<ThrottleResult> {
    const { allowed, retryAfterSeconds } = await this.reserve(rules);
    return { allowed, retryAfterSeconds };
  }

  /** Whether one more event would fit the rule now, without counting one. */
  async check(rule: ThrottleRule): Promise<ThrottleResult> {
    return windowState(this.db, rule, this.clock.now().getTime());
  }

  /**
   * A delay that grows with the events of `key` in the window, instead of a refusal for the window's length:
   * the first `free` pass at once; after them each one must come 2^(n − free) seconds after the latest (n:
   * the events in the window), at most `maxDelayMs`. Counts nothing: `record` the events it paces.
   */
  async backoff(key: string, rule: { free: number; windowMs: number; maxDelayMs: number }): Promise<ThrottleResult> {
    const now = this.clock.now().getTime();
    const rows = await this.db
      .selectFrom('rate_events')
      .select('created_at')
      .where('key', '=', key)
      .where('created_at', '>', new Date(now - rule.windowMs).toISOString())
      .orderBy('created_at', 'desc')
      .limit(rule.free + 32)
      .execute();
    if (rows.length < rule.free) return { allowed: true, retryAfterSeconds: 0 };
    const delay = Math.min(1000 * 2 ** (rows.length - rule.free), rule.maxDelayMs);
    const wait = Date.parse(rows[0]!.created_at) + delay - now;
    return wait <= 0 ? { allowed: true, retryAfterSeconds: 0 } : { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) };
  }

  /** Counts an event that happened without asking (it is not refused). */
  async record(key: string): Promise<void> {
    await this.db.insertInto('rate_events').values({ key, created_at: this.clock.now().toISOString() }).execute();
    await this.counted(1);
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_events').where('key', '=', key).execute();
  }

  async clean(): Promise<void> {
    const before = new Date(this.clock.now().getTime() - KEEP_MS).toISOString();
    await this.db.deleteFrom('rate_events').where('created_at', '<', before).execute();
    await this.db.deleteFrom('throttle_locks').where('touched_at', '<', before).execute();
  }

  private async counted(n: number): Promise<void> {
    const before = this.writes;
    this.writes += n;
    if (Math.floor(before / CLEAN_EVERY) !== Math.floor(this.writes / CLEAN_EVERY)) await this.clean();
  }
}

/** Whether one more event fits in the rule's window now, and if not, how long until it does. */
async function windowState(db: Db, rule: ThrottleRule, now: number): Promise<ThrottleResult> {
  const since = new Date(now - rule.windowMs).toISOString();
  const rows = await db
    .selectFrom('rate_events')
    .select('created_at')
    .where('key', '=', rule.key)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(rule.limit)
    .execute();
  if (rows.length < rule.limit) return { allowed: true, retryAfterSeconds: 0 };
  // The limit-th newest event has to leave the window before one more fits.
  const oldest = Date.parse(rows[rows.length - 1]!.created_at);
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + rule.windowMs - now) / 1000)) };
}
