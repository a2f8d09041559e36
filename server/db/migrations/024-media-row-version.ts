import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.ts';

/**
 * media.row_version: goes up with every update of the row, by a trigger, so that no writer, present or future,
 * can forget it. A list kept as each record's JSON (server/media/records/list-reply.ts) reads the id and
 * version of its rows, 3 ms for 2,000, and whole only the rows whose version moved: reading every column of
 * 2,000 rows took 24-30 ms of a rebuild. On SQLite the trigger runs after the update and updates the row
 * again (its WHEN stops it there; that second write also moves the user's media_version again, which only
 * counts changes); on PostgreSQL it sets the version before the row is written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('media')
    .addColumn('row_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (isPostgres(db)) {
    await sql`
      create function media_row_version() returns trigger language plpgsql as $$
      begin
        new.row_version := old.row_version + 1;
        return new;
      end $$`.execute(db);
    await sql`create trigger media_row_version before update on media for each row execute function media_row_version()`.execute(db);
    return;
  }
  await sql`create trigger media_row_version after update on media when new.row_version = old.row_version begin
    update media set row_version = old.row_version + 1 where id = new.id; end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger media_row_version on media`.execute(db);
    await sql`drop function media_row_version()`.execute(db);
  } else {
    await sql`drop trigger media_row_version`.execute(db);
  }
  await db.schema.alterTable('media').dropColumn('row_version').execute();
}
