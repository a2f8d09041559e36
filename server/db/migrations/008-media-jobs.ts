import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers.ts';

/**
 * jobs: the work queue every API and worker process shares (media processing, removing stored files,
 * the storage reconciliation). A row exists while its work is pending; `lane` groups the kinds that
 * share a worker's slots, `run_after` is when it may run (later after a failure), and a process runs
 * it only after claiming it: `claim` (a random token) and `lease_until` written by one conditional
 * UPDATE, renewed while it runs. A process that dies stops renewing; once the lease has run out
 * another process claims the row. Results are written only while the row still carries the writer's
 * claim (fencing). `claim` stays on a row whose lease ran out or was released, so the next holder knows
 * whose half-done outputs to remove. `dedupe_key` makes a job a singleton (the periodic reconciliation).
 * `media_id` ties a processing job to its record: deleting the record deletes the job.
 *
 * media.failure_reason: why processing failed, in Russian, for the card.
 *
 * media.processing_lease_until and media.processing_claim held the claim of the only background job
 * there was (video conversion) on the media row itself; rows left processing by them become jobs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', ...idColumn(db))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('lane', 'varchar(16)', (c) => c.notNull())
    .addColumn('media_id', 'integer', (c) => c.references('media.id').onDelete('cascade'))
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('dedupe_key', 'varchar(64)', (c) => c.unique())
    .addColumn('run_after', 'varchar(32)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', 'varchar(32)')
    .addColumn('claim', 'varchar(32)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['lane', 'run_after']).execute();
  await db.schema.createIndex('jobs_media').on('jobs').column('media_id').execute();
  await db.schema.alterTable('media').addColumn('failure_reason', 'text').execute();

  const now = new Date().toISOString();
  await sql`
    INSERT INTO jobs (kind, lane, media_id, payload, run_after, attempts, created_at)
    SELECT CASE kind WHEN 'audio' THEN 'process-audio' WHEN 'photo' THEN 'process-photo' ELSE 'process-video' END,
           CASE kind WHEN 'video' THEN 'video' ELSE 'short' END,
           id, '{}', ${now}, 0, ${now}
    FROM media WHERE status = 'processing'
  `.execute(db);
  await db.schema.alterTable('media').dropColumn('processing_lease_until').execute();
  await db.schema.alterTable('media').dropColumn('processing_claim').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').addColumn('processing_lease_until', 'varchar(32)').execute();
  await db.schema.alterTable('media').addColumn('processing_claim', 'varchar(32)').execute();
  await db.schema.alterTable('media').dropColumn('failure_reason').execute();
  await db.schema.dropTable('jobs').execute();
}
