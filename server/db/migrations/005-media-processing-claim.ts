import type { Kysely } from 'kysely';

/**
 * media.processing_claim: a random token naming the one claim that currently holds the row's
 * background job (written together with processing_lease_until on every claim). The lease time
 * alone cannot name a claim: renewals change it, and two claims may compute the same instant.
 * Renewals and the final result update are conditional on this token, so a process that stalled
 * past its lease and lost the row to another process can no longer overwrite it (fencing).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').addColumn('processing_claim', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('processing_claim').execute();
}
