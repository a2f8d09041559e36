// `npm run admin -- <command>`: the operator's tool on the product's own database and media storage
// (the environment's DATABASE_URL, MEDIA_STORAGE, DATA_DIR, SECRET_KEY, as the API processes have them):
// accounts (list, show, disable, enable, quota, delete, end sessions), the job queue (list, retry) and
// what the storage reconciliation would remove. `npm run admin` alone prints the commands.
import { pino } from 'pino';
import { runAdmin, USAGE } from '../admin/commands.ts';
import { systemClock } from '../clock.ts';
import { composeServices } from '../compose.ts';
import { createMailer } from '../mail/create-mailer.ts';
import { createProcessor } from '../media/processing/processor.ts';
import { Metrics } from '../metrics/metrics.ts';
import { loadConfigOrExit, openStores } from './start.ts';
import { createSmsSender } from '../sms/create-sms.ts';

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return argv.length === 0 ? 2 : 0;
  }
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

process.exitCode = await main().catch((err: unknown) => {
  console.error(`Копилка: ${err instanceof Error ? err.message : String(err)}`);
  return 1;
});
