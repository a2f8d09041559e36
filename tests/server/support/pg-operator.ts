import pg from 'pg';

/** The PostgreSQL server of this run (the PostgreSQL pass's DATABASE_URL), or undefined on the SQLite pass. */
export const pgUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;

/** Runs `text` on the PostgreSQL server of this run as its own connection (an operator's psql). */
export async function asOperator(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** Ends every connection to `database` but the operator's own, as a restart or failover does. */
export const endConnectionsOf = (database: string) =>
  asOperator(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database}' AND pid <> pg_backend_pid()`);

/** A new, empty database on the PostgreSQL server of this run, named `prefix` and a random tail: its name and its URL. */
export async function createDatabase(prefix: string): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await asOperator(`CREATE DATABASE ${name}`);
  const url = new URL(pgUrl!);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** Drops `database` at once, ending whatever connections it still has. */
export const dropDatabase = (database: string) => asOperator(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
