import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/kysely.ts';
import type { DB, Job, NewJob } from '../db/types.ts';
import type { JobKind, Lane } from '../db/tables/jobs.ts';

/** No live claim holds the job at `now`: never claimed, handed back, or its lease ran out. */
const unclaimedAt = (now: string) => (eb: ExpressionBuilder<DB, 'jobs'>) =>
  eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]);

/**
 * All SQL for the jobs table. Times are ISO strings of one format, so they compare correctly as
 * strings in both dialects. Every change to a claimed job names the claim that holds it: a process
 * whose claim was taken over changes nothing (fencing).
 */
export class JobsRepository {
  constructor(private readonly db: Db) {}

  insert(row: NewJob): Promise<Job> {
    return this.db.insertInto('jobs').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /**
   * The one job of `row.dedupe_key`: inserted as `row` says, or — when it exists, nobody runs it at `now`
   * and it is due after `dueBy` — brought forward to `dueBy`. Several processes doing so at once make one.
   */
  async upsertSingleton(row: NewJob & { dedupe_key: string }, dueBy: string, now: string): Promise<void> {
    await this.db
      .insertInto('jobs')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('dedupe_key')
          .doUpdateSet({ run_after: dueBy })
          // Qualified: in ON CONFLICT's WHERE a bare column is ambiguous on PostgreSQL (the row, or `excluded`).
          .where((eb) =>
            eb.and([eb('jobs.run_after', '>', dueBy), eb.or([eb('jobs.lease_until', 'is', null), eb('jobs.lease_until', '<', now)])]),
          ),
      )
      .execute();
  }

  /** Jobs of these kinds in `lane` that may be claimed at `now`, oldest first. */
  due(lane: Lane, kinds: readonly JobKind[], now: string, limit: number): Promise<Job[]> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('lane', '=', lane)
      .where('kind', 'in', kinds)
      .where('run_after', '<=', now)
      .where(unclaimedAt(now))
      .orderBy('run_after')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /**
   * Claims a job read by due(): one conditional UPDATE that succeeds only while nobody holds it and
   * it still carries the claim it was read with, so of several processes racing for it exactly one
   * wins. The winner gets the row as claimed.
   */
  claim(read: Pick<Job, 'id' | 'claim'>, now: string, leaseUntil: string, claim: string): Promise<Job | undefined> {
    return this.db
      .updateTable('jobs')
      .set((eb) => ({ claim, lease_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', read.id)
      .where('run_after', '<=', now)
      .where(unclaimedAt(now))
      .where((eb) => (read.claim === null ? eb('claim', 'is', null) : eb('claim', '=', read.claim)))
      .returningAll()
      .executeTakeFirst();
  }

  /** Extends a held claim. False when it is lost: the job is gone, or another process took it over. */
  async renew(id: number, claim: string, leaseUntil: string): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ lease_until: leaseUntil })
      .where('id', '=', id)
      .where('claim', '=', claim)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Hands a held job back, to be claimed again from `runAfter` (the claim token stays, naming the run that
   * stopped); `outsideFailure` counts the run among the job's failures outside its input.
   */
  async release(id: number, claim: string, runAfter: string, error: string | null = null, outsideFailure = false): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set((eb) => ({
        lease_until: null,
        run_after: runAfter,
        last_error: error,
        ...(outsideFailure ? { failures: eb('failures', '+', 1) } : {}),
      }))
      .where('id', '=', id)
      .where('claim', '=', claim)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Hands a recurring job whose run ended well back for its next round at `runAfter`, only while `claim`
   * still holds it: its tries, failures and last error start afresh, so a schedule that runs reads as waiting.
   */
  async repeat(id: number, claim: string, runAfter: string): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ lease_until: null, run_after: runAfter, attempts: 0, failures: 0, last_error: null })
      .where('id', '=', id)
      .where('claim', '=', claim)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Removes a job that is done, only while `claim` still holds it. */
  async finish(id: number, claim: string): Promise<boolean> {
    const result = await this.db.deleteFrom('jobs').where('id', '=', id).where('claim', '=', claim).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Whether a live claim (its lease not run out) carries this token. */
  async isLive(claim: string, now: string): Promise<boolean> {
    const row = await this.db.selectFrom('jobs').select('id').where('claim', '=', claim).where('lease_until', '>=', now).executeTakeFirst();
    return !!row;
  }

  /** The tokens of every live claim (its lease not run out at `now`): the runs and journal entries in progress. */
  async liveClaims(now: string): Promise<string[]> {
    const rows = await this.db.selectFrom('jobs').select('claim').where('lease_until', '>=', now).where('claim', 'is not', null).execute();
    return rows.map((r) => r.claim!);
  }

  /** The payloads of the held jobs of one kind (journal entries of work in progress). */
  async heldPayloads(kind: JobKind, now: string): Promise<string[]> {
    const rows = await this.db.selectFrom('jobs').select('payload').where('kind', '=', kind).where('lease_until', '>=', now).execute();
    return rows.map((r) => r.payload);
  }
}
