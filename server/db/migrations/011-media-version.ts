import { sql, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');

/**
 * users.media_version: goes up with every write to any of the user's media rows (insert, any update,
 * delete), in the same transaction as the write, by a trigger — so no writer, present or future, can
 * forget it, and every API process sharing the database sees it. A process may keep a user's list
 * ready as bytes under the version it was built from; the guard reads the version with the user on
 * every request, so a changed version means a rebuilt list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('media_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (isPostgres(db)) {
    await sql`
      create function media_version_bump() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          update users set media_version = media_version + 1 where id = old.user_id;
          return old;
        end if;
        update users set media_version = media_version + 1 where id = new.user_id;
        if tg_op = 'UPDATE' and old.user_id <> new.user_id then
          update users set media_version = media_version + 1 where id = old.user_id;
        end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger media_version_bump after insert or update or delete on media for each row execute function media_version_bump()`.execute(
      db,
    );
    return;
  }
  await sql`create trigger media_version_insert after insert on media begin
    update users set media_version = media_version + 1 where id = new.user_id; end`.execute(db);
  await sql`create trigger media_version_update after update on media begin
    update users set media_version = media_version + 1 where id in (new.user_id, old.user_id); end`.execute(db);
  await sql`create trigger media_version_delete after delete on media begin
    update users set media_version = media_version + 1 where id = old.user_id; end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger media_version_bump on media`.execute(db);
    await sql`drop function media_version_bump()`.execute(db);
  } else {
    await sql`drop trigger media_version_insert`.execute(db);
    await sql`drop trigger media_version_update`.execute(db);
    await sql`drop trigger media_version_delete`.execute(db);
  }
  await db.schema.alterTable('users').dropColumn('media_version').execute();
}
