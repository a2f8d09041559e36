import { Migrator, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Db } from './kysely.ts';
import { withMigrationLock } from './migration-lock.ts';
import * as m001 from './migrations/001-accounts.ts';
import * as m002 from './migrations/002-media.ts';
import * as m003 from './migrations/003-accounts-sessions.ts';
import * as m004 from './migrations/004-media-processing-lease.ts';
import * as m005 from './migrations/005-media-processing-claim.ts';
import * as m006 from './migrations/006-account-security.ts';
import * as m007 from './migrations/007-account-2fa-email.ts';
import * as m008 from './migrations/008-media-jobs.ts';
import * as m010 from './migrations/010-media-trash.ts';
import * as m011 from './migrations/011-media-version.ts';
import * as m012 from './migrations/012-uploads-checksums.ts';
import * as m013 from './migrations/013-compact-peaks.ts';
import * as m016 from './migrations/016-favorites-albums-shares.ts';
import * as m019 from './migrations/019-user-quota.ts';
import * as m020 from './migrations/020-security-holes.ts';
import * as m021 from './migrations/021-fault-tolerance.ts';
import * as m022 from './migrations/022-photo-dates.ts';
import * as m023 from './migrations/023-passkeys-oauth.ts';
import * as m024 from './migrations/024-media-row-version.ts';
import * as m025 from './migrations/025-recent-sign-in.ts';
import * as m026 from './migrations/026-audio-tags.ts';
import * as m027 from './migrations/027-admin.ts';
import * as m028 from './migrations/028-household-sharing.ts';

/**
 * Numbered in sequence, append-only: the next one is 029. Add a new file and list it here; never edit
 * one that has shipped (Kysely refuses a lower number added after a higher one has run).
 */
const migrations: Record<string, Migration> = {
  '001-accounts': m001,
  '002-media': m002,
  '003-accounts-sessions': m003,
  '004-media-processing-lease': m004,
  '005-media-processing-claim': m005,
  '006-account-security': m006,
  '007-account-2fa-email': m007,
  '008-media-jobs': m008,
  '010-media-trash': m010,
  '011-media-version': m011,
  '012-uploads-checksums': m012,
  '013-compact-peaks': m013,
  '016-favorites-albums-shares': m016,
  '019-user-quota': m019,
  '020-security-holes': m020,
  '021-fault-tolerance': m021,
  '022-photo-dates': m022,
  '023-passkeys-oauth': m023,
  '024-media-row-version': m024,
  '025-recent-sign-in': m025,
  '026-audio-tags': m026,
  '027-admin': m027,
  '028-household-sharing': m028,
};

/** This release's migrations, oldest first (`npm run admin -- version` names the newest). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

/** The migrations a database has run, oldest first (none: a new database); nothing is changed. */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === 'kysely_migration')) return [];
  const rows = await (db as unknown as Kysely<{ kysely_migration: { name: string } }>)
    .selectFrom('kysely_migration')
    .select('name')
    .orderBy('name')
    .execute();
  return rows.map((r) => r.name);
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the database to the latest migration and returns the names it applied (none: it was up to
 * date). Safe when several processes start together: one migrates, the others wait and find nothing to do.
 */
export async function migrate(db: Db): Promise<string[]> {
  return withMigrationLock(db, async () => report(await new Migrator({ db, provider }).migrateToLatest()));
}

/** Up or down to a named migration (tests of a migration's data steps). */
export async function migrateTo(db: Db, name: string): Promise<void> {
  report(await new Migrator({ db, provider }).migrateTo(name));
}

function report({ error, results }: MigrationResultSet): string[] {
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const why = error instanceof Error ? error.message : String(error);
    // Kysely's words for a database that ran a migration this release does not have: a newer release's.
    const newer = /previously executed migration (\S+) is missing/.exec(why);
    if (newer)
      throw new Error(
        `the database was migrated by a newer release (its migration ${newer[1]} is unknown to this one): run that release, or restore a backup made by this one`,
      );
    throw new Error(failed ? `migration ${failed.migrationName} failed: ${why}` : `migrations failed: ${why}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Every migration this build knows, with when it ran on this database (null: not yet): the admin area's Состояние. */
export async function migrationStatus(db: Db): Promise<{ name: string; executed_at: string | null }[]> {
  const list = await new Migrator({ db, provider }).getMigrations();
  return list.map((m) => ({ name: m.name, executed_at: m.executedAt?.toISOString() ?? null }));
}
