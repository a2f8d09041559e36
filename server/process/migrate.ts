// `npm run migrate`: brings the database of the environment's config (DATABASE_URL, else the SQLite
// file in DATA_DIR) to the latest schema, then exits. A deployment runs it once before starting the
// API processes; they migrate at start too, and find nothing to do.
import { loadConfigOrExit } from './start.ts';
import { createDb } from '../db/kysely.ts';
import { migrate } from '../db/migrate.ts';

async function main(): Promise<number> {
  const config = loadConfigOrExit({ signs: false });
  const db = createDb(config.database);
  try {
    const applied = await migrate(db);
    console.log(applied.length ? `Копилка: database migrations applied ${applied.join(', ')}` : 'Копилка: database schema is up to date');
    return 0;
  } catch (err) {
    console.error(`Копилка: database error: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
