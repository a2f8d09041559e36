import { sql } from 'kysely';
import type { Db } from '../db/kysely.ts';

/** How many jobs of one kind are in each state (see JobFigures). */
export interface JobCounts {
  kind: string;
  waiting: number;
  running: number;
  failed: number;
}

/** The figures the metrics read from the jobs table at each scrape (the queue is shared by every process). */
export interface JobFigures {
  counts: JobCounts[];
  /** When the longest-waiting due job became due (ISO), or null when none waits. */
  oldestDueAt: string | null;
}

/**
 * The metrics' SQL on the jobs table. Running: a claim whose lease holds (journal entries of uploads in
 * progress included). Failed: not running, and its last run failed (it waits for its retry). Waiting:
 * the rest, due or not yet.
 */
export class JobMetricsRepository {
  constructor(private readonly db: Db) {}

  async figures(now: string): Promise<JobFigures> {
    const running = sql<boolean>`lease_until is not null and lease_until >= ${now}`;
    const rows = await this.db
      .selectFrom('jobs')
      .select((eb) => [
        'kind',
        eb.fn.sum<number>(sql`case when ${running} then 1 else 0 end`).as('running'),
        eb.fn.sum<number>(sql`case when not (${running}) and last_error is not null then 1 else 0 end`).as('failed'),
        eb.fn.sum<number>(sql`case when not (${running}) and last_error is null then 1 else 0 end`).as('waiting'),
      ])
      .groupBy('kind')
      .execute();
    const oldest = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.min('run_after').as('due'))
      .where('run_after', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .executeTakeFirst();
    return {
      counts: rows.map((r) => ({ kind: r.kind, running: Number(r.running), failed: Number(r.failed), waiting: Number(r.waiting) })),
      oldestDueAt: oldest?.due ?? null,
    };
  }
}
