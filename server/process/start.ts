// What `npm start` and `npm run worker` do first, the same way: read the configuration, bring the
// schema up (under the migration lock: whichever process starts first does it) and check the media
// storage. A problem stops the process with one line naming it.
import cluster from 'node:cluster';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createDb, type ConnectionErrorLog, type Db } from '../db/kysely.ts';
import { migrate } from '../db/migrate.ts';
import { RECONCILE_AGE_MS, RECONCILE_EVERY_MS } from '../storage/reconcile.ts';
import { processIndex } from './cluster.ts';
import { bundledFfmpegWarning, chooseFfmpeg } from '../media/processing/ffmpeg.ts';
import type { Storage } from '../storage/storage.ts';
import { checkStorage, StorageCheckFailed, storageFromConfig } from '../storage/from-config.ts';
import { S3Storage } from '../storage/s3.ts';
import type { MultipartCall } from '../storage/abilities.ts';

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
): Promise<{ db: Db; storage: Storage; migrations: string[]; storageLacks: MultipartCall[] }> {
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
  // What a bucket's server does not implement (the AWS SDK's own requests, a second or so on a slow server).
  const storageLacks = storage instanceof S3Storage ? await storage.missingMultipartCalls() : [];
  return { db, storage, migrations, storageLacks };
}

/**
 * With the media in a bucket, the API process's temporary folder is a folder of its own under DATA_DIR
 * (work/tmp/<host>-<process index>), not the system's: tus's S3 store writes each part of an upload it splits off,
 * and the incomplete part it takes back from the bucket, into os.tmpdir() (up to 8 MiB each) and has no setting
 * for another folder. os.tmpdir() reads TMPDIR at every call, so setting it here, before any request, moves those
 * files, and anything else of the process (or of the programs it runs) that uses the temporary folder.
 *
 * The folder is this process's alone (the index tells the processes of one `npm start` apart, the host name the
 * containers sharing a volume), so whatever is in it at start was left by the process it replaces, killed in the
 * middle of an upload: it is emptied now, whether or not the jobs run here (RUN_JOBS=false). Another slot left
 * untouched for RECONCILE_AGE_MS is a process that is gone, and goes too. Returns how many files went.
 *
 * The primary of several processes has a slot of its own (`<host>-primary`), not process 0's: the processes it forks
 * start with its TMPDIR, where tsx keeps its cache as they load, and process 0, emptying its slot as it starts, once
 * met process 1's files arriving there (ENOTEMPTY) and stopped the start.
 */
export async function useStorageWorkDirAsTemp(config: Pick<Config, 'dataDir' | 'mediaStorage' | 'webConcurrency'>): Promise<number> {
  if (config.mediaStorage.kind !== 's3') return 0;
  const slots = path.join(config.dataDir, 'work', 'tmp');
  const forks = !cluster.isWorker && config.webConcurrency > 1;
  const own = path.join(slots, `${os.hostname()}-${forks ? 'primary' : (processIndex() ?? 0)}`);
  let removed = 0;
  const staleBefore = Date.now() - RECONCILE_AGE_MS;
  for (const entry of await readdir(slots).catch(() => [] as string[])) {
    const slot = path.join(slots, entry);
    const touched = (await stat(slot).catch(() => null))?.mtimeMs ?? Infinity;
    if (slot !== own && touched >= staleBefore) continue;
    removed += (await readdir(slot).catch(() => [] as string[])).length;
    await rm(slot, { recursive: true, force: true });
  }
  await mkdir(own, { recursive: true });
  process.env.TMPDIR = own;
  return removed;
}

/**
 * With the media in a bucket, removes the storage's temp files older than RECONCILE_AGE_MS now (what a
 * killed process left), then every RECONCILE_EVERY_MS: an API process sweeps its own DATA_DIR, since
 * the reconciliation runs in workers, which may have DATA_DIRs of their own. (On local disk every
 * process shares DATA_DIR/media, which the reconciliation sweeps.) Returns the stop of the periodic sweep.
 * Not a recurring job of the queue (JobDefinition.every), on purpose: the folder is this process's own disk,
 * which whichever worker claimed such a job could not reach; so is the temporary folder above, emptied at start.
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
