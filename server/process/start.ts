// What `npm start` and `npm run worker` do first, the same way: read the configuration, bring the
// schema up (under the migration lock: whichever process starts first does it) and check the media
// storage. A problem stops the process with one line naming it.
import { mkdir } from 'node:fs/promises';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createDb, type ConnectionErrorLog, type Db } from '../db/kysely.ts';
import { migrate } from '../db/migrate.ts';
import { RECONCILE_AGE_MS, RECONCILE_EVERY_MS } from '../storage/reconcile.ts';
import { bundledFfmpegWarning, chooseFfmpeg } from '../media/processing/ffmpeg.ts';
import type { Storage } from '../storage/storage.ts';
import { checkStorage, StorageCheckFailed, storageFromConfig, storageWorkDir } from '../storage/from-config.ts';

/** The environment's configuration, or exit 1 with the variable at fault. */
export function loadConfigOrExit(options?: Parameters<typeof loadConfig>[1]): Config {
  try {
    return loadConfig(process.env, options);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Копилка: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}

/** One warning line when the ffmpeg this process runs on uploads is the old static build shipped in npm. */
export function warnOfBundledFfmpeg(config: Pick<Config, 'ffmpegPath'>, log: (line: string) => void = (l) => console.warn(l)): void {
  const warning = bundledFfmpegWarning(chooseFfmpeg(config.ffmpegPath));
  if (warning) log(warning);
}

/**
 * The migrated database and the checked media storage of `config`, with the migrations this start applied,
 * or exit 1 with the reason. `onConnectionError`: where a database connection lost outside any query is told.
 */
export async function openStores(
  config: Config,
  onConnectionError?: ConnectionErrorLog,
): Promise<{ db: Db; storage: Storage; migrations: string[] }> {
  const db = createDb(config.database, onConnectionError);
  let migrations: string[];
  try {
    migrations = await migrate(db);
  } catch (err) {
    console.error(`Копилка: database error: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  const storage = storageFromConfig(config);
  try {
    await checkStorage(storage, config);
  } catch (err) {
    if (err instanceof StorageCheckFailed) {
      console.error(`Копилка: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  return { db, storage, migrations };
}

/**
 * With the media in a bucket, the API process's temporary folder is the storage's work folder under
 * its own DATA_DIR, not the system's: tus's S3 store writes each part of an upload it splits off, and
 * the incomplete part it takes back from the bucket, into os.tmpdir() (up to 8 MiB each) and has no
 * setting for another folder. os.tmpdir() reads TMPDIR at every call, so setting it here, before any
 * request, moves those files, and anything else of the process (or of the programs it runs) that
 * uses the temporary folder, to where the stale-temp sweep finds what a killed process left.
 */
export async function useStorageWorkDirAsTemp(config: Pick<Config, 'dataDir' | 'mediaStorage'>): Promise<void> {
  if (config.mediaStorage.kind !== 's3') return;
  const dir = storageWorkDir(config);
  await mkdir(dir, { recursive: true });
  process.env.TMPDIR = dir;
}

/**
 * With the media in a bucket, removes the storage's temp files older than RECONCILE_AGE_MS now (what a
 * killed process left), then every RECONCILE_EVERY_MS: an API process sweeps its own DATA_DIR, since
 * the reconciliation runs in workers, which may have DATA_DIRs of their own. (On local disk every
 * process shares DATA_DIR/media, which the reconciliation sweeps.) Returns the stop of the periodic sweep.
 */
export async function sweepStaleTemp(
  config: Pick<Config, 'mediaStorage'>,
  storage: Storage,
  clock: Clock,
  log: (message: string) => void,
): Promise<() => void> {
  if (config.mediaStorage.kind !== 's3') return () => {};
  const sweep = async () => {
    try {
      const removed = await storage.removeStaleTemp(new Date(clock.now().getTime() - RECONCILE_AGE_MS));
      if (removed > 0) log(`Копилка: removed ${removed} stale temporary file(s)`);
    } catch (err) {
      log(`Копилка: stale temporary files not removed: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  await sweep();
  const timer = setInterval(() => void sweep(), RECONCILE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
