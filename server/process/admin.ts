// `npm run admin -- <command>`: the operator's tool on the product's own database and media storage
// (the environment's DATABASE_URL, MEDIA_STORAGE, DATA_DIR, SECRET_KEY, as the API processes have them):
// accounts (list, show, disable, enable, quota, delete, end sessions), the job queue (list, retry) and
// what the storage reconciliation would remove. `npm run admin` alone prints the commands.
import { pino } from 'pino';
import { createDb } from '../db/kysely.ts';
import { appliedMigrations, MIGRATION_NAMES } from '../db/migrate.ts';
import { VERSION } from '../version.ts';
import { runAdmin, USAGE } from '../admin/commands.ts';
import { systemClock } from '../clock.ts';
import { composeServices } from '../compose.ts';
import { createMailer } from '../notify/create-mailer.ts';
import { createProcessor } from '../media/processing/processor.ts';
import { Metrics } from '../metrics/metrics.ts';
import { loadConfigOrExit, openStores } from './start.ts';
import { createSmsSender } from '../notify/create-sms.ts';

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  if (argv[0] === 'version') return printVersion(argv.includes('--json'));
  // The command runs no jobs of its own: what it queues (a deleted account's files) goes to the workers.
  const config = { ...loadConfigOrExit(), runJobs: false };
  const { db, storage } = await openStores(config);
  try {
    const log = pino({ level: 'warn' });
    const print = (m: string) => console.error(m);
    const deps = {
      config,
      db,
      storage,
      mailer: createMailer(config, print),
      sms: createSmsSender(config, print),
      clock: systemClock,
      processor: createProcessor({ ffmpegPath: config.ffmpegPath }),
    };
    const services = composeServices(deps, log, new Metrics());
    return await runAdmin(argv, {
      db,
      storage,
      config,
      clock: systemClock,
      profile: services.profile,
      sessions: services.sessionList,
      admin: services.admin,
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } finally {
    await db.destroy();
  }
}

/**
 * `version`: this release (package.json), and the database's schema beside this release's newest migration,
 * read without migrating (an upgrade not yet started shows "behind", a downgrade "ahead").
 */
async function printVersion(json: boolean): Promise<number> {
  const config = loadConfigOrExit({ signs: false });
  const db = createDb(config.database);
  try {
    const applied = await appliedMigrations(db);
    const newest = MIGRATION_NAMES.at(-1)!;
    const schema = applied.at(-1) ?? null;
    const unknown = applied.filter((name) => !MIGRATION_NAMES.includes(name));
    const state = schema === null ? 'empty' : unknown.length ? 'ahead' : applied.length < MIGRATION_NAMES.length ? 'behind' : 'current';
    if (json) console.log(JSON.stringify({ version: VERSION, node: process.version, schema, newest_migration: newest, state }));
    else {
      console.log(`Копилка ${VERSION} (Node.js ${process.version})`);
      const says = {
        empty: 'no schema yet (the first start makes it)',
        current: 'up to date',
        behind: `behind: the next start applies ${MIGRATION_NAMES.length - applied.length} migration(s)`,
        ahead: `ahead: made by a newer release (${unknown.join(', ')}); restore a backup of this release's, or run the newer one`,
      }[state];
      console.log(`database schema: ${schema ?? '—'}, this release's newest ${newest}: ${says}`);
    }
    return 0;
  } catch (err) {
    console.error(`Копилка: database error: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main().catch((err: unknown) => {
  console.error(`Копилка: ${err instanceof Error ? err.message : String(err)}`);
  return 1;
});
