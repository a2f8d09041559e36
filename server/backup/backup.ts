import { chmod, copyFile, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { createDb, type Db } from '../db/kysely.ts';
import type { Storage } from '../storage/storage.ts';
import { BackupRepository } from './backup-repository.ts';
import {
  backupMediaStorage,
  fileDigest,
  hashing,
  MANIFEST,
  MEDIA_FOLDER,
  PG_DUMP_FILE,
  SECRET_FILE,
  SQLITE_FILE,
  type Manifest,
} from './manifest.ts';
import { runPgTool } from './pg-tools.ts';
import { keepPrivate, PRIVATE_FILE, privateFolder } from './private-files.ts';

export interface BackupOptions {
  /** The product's configuration (DATABASE_URL, DATA_DIR, MEDIA_STORAGE), as the running processes have it. */
  config: Pick<Config, 'database' | 'dataDir'>;
  /** The product's database (open while it runs) and media storage. */
  db: Db;
  storage: Storage;
  /** The backup's folder: new or empty. */
  to: string;
  /** Where the media objects go instead of `<to>/media`: an s3:// URL in MEDIA_STORAGE's form (another bucket or prefix). */
  mediaTo?: string;
  env?: NodeJS.ProcessEnv;
  clock: Clock;
  log: (message: string) => void;
}

/** The backup stopped: what is wrong, in one line. */
export class BackupError extends Error {}

/** Rounds of snapshot-and-copy before a backup gives up on files that vanish under it. */
const ROUNDS = 3;

/**
 * A consistent copy while the product runs. The database is copied first, as one snapshot (SQLite's
 * online backup; PostgreSQL's pg_dump on a snapshot exported from a transaction, in which the named keys
 * are read too); then exactly the files its rows name are copied, each hashed as it streams. A file
 * uploaded meanwhile is not in the snapshot and not copied; a file whose record was deleted after the
 * snapshot may be gone before it is copied: then a new snapshot is taken and the round repeats (files
 * already copied are kept), so the backup never holds a row without its bytes. A file still named by
 * the live database yet missing from the storage is lost already: the backup stops naming it. Only its
 * owner reads it: the folder is 0700 before anything goes in, and at the end every file is 0600 and every
 * folder 0700, whatever the umask (private-files.ts).
 */
export async function takeBackup(o: BackupOptions): Promise<Manifest> {
  const dir = path.resolve(o.to);
  if (existsSync(dir) && (await readdir(dir)).length > 0)
    throw new BackupError(`${dir} is not empty: a backup goes into a new or empty folder`);
  await privateFolder(dir);
  const env = o.env ?? process.env;
  const location = o.mediaTo ?? MEDIA_FOLDER;
  const target = backupMediaStorage(dir, location, env);
  for await (const _ of target.list('')) throw new BackupError(`${location} already holds files: a backup's media go into an empty place`);

  const copied = new Map<string, { size: number; sha256: string }>();
  let snapshot: { file: string; keys: string[] } | undefined;
  for (let round = 1; ; round++) {
    snapshot = await snapshotDatabase(o, dir);
    const missing: string[] = [];
    for (const key of snapshot.keys) {
      if (copied.has(key)) continue;
      try {
        const source = hashing(o.storage.read(key) as AsyncIterable<Buffer>);
        await target.put(key, source.stream);
        copied.set(key, source.digest());
      } catch (err) {
        if ((err as { code?: string }).code !== 'ENOENT') throw err;
        missing.push(key);
      }
    }
    if (missing.length === 0) break;
    const stillNamed = new Set(await new BackupRepository(o.db).namedKeys());
    const lost = missing.filter((key) => stillNamed.has(key));
    if (lost.length > 0) throw new BackupError(`named by the database but missing from the media storage: ${lost.join(', ')}`);
    if (round >= ROUNDS) throw new BackupError(`files kept vanishing while they were copied (records being deleted): try again`);
    o.log(`Копилка: ${missing.length} file(s) went with records deleted after the snapshot; taking a new one`);
  }

  // Files copied in an earlier round that the final snapshot no longer names go: the backup is that snapshot.
  const named = new Set(snapshot.keys);
  for (const key of [...copied.keys()]) {
    if (named.has(key)) continue;
    await target.delete(key);
    copied.delete(key);
  }

  let secret: Manifest['secret_key'] = null;
  const keyFile = path.join(o.config.dataDir, 'secret_key');
  if (!env.SECRET_KEY && existsSync(keyFile)) {
    await copyFile(keyFile, path.join(dir, SECRET_FILE));
    await chmod(path.join(dir, SECRET_FILE), PRIVATE_FILE);
    secret = { file: SECRET_FILE, sha256: (await fileDigest(path.join(dir, SECRET_FILE))).sha256 };
  }

  const objects = snapshot.keys.map((key) => ({ key, ...copied.get(key)! }));
  const manifest: Manifest = {
    format: 1,
    created_at: o.clock.now().toISOString(),
    database: { dialect: o.config.database.dialect, file: path.basename(snapshot.file), ...(await fileDigest(snapshot.file)) },
    secret_key: secret,
    media: { location, bytes: objects.reduce((sum, x) => sum + x.size, 0), objects },
  };
  await writeFile(path.join(dir, MANIFEST), JSON.stringify(manifest, null, 2) + '\n', { mode: PRIVATE_FILE });
  await keepPrivate(dir);
  return manifest;
}

/** The database as one snapshot in `dir`, and the keys its rows name. */
async function snapshotDatabase(o: BackupOptions, dir: string): Promise<{ file: string; keys: string[] }> {
  if (o.config.database.dialect === 'sqlite') {
    const file = path.join(dir, SQLITE_FILE);
    await rm(file, { force: true });
    // SQLite's online backup: a consistent copy page by page while other connections read and write.
    const live = new Database(o.config.database.file, { readonly: true, fileMustExist: true });
    try {
      await live.backup(file);
    } finally {
      live.close();
    }
    const copy = createDb({ dialect: 'sqlite', file });
    try {
      return { file, keys: await new BackupRepository(copy).namedKeys() };
    } finally {
      await copy.destroy();
      await rm(`${file}-wal`, { force: true });
      await rm(`${file}-shm`, { force: true });
    }
  }
  const file = path.join(dir, PG_DUMP_FILE);
  await rm(file, { force: true });
  const url = o.config.database.url;
  // One connection holds a repeatable-read transaction: pg_dump reads its exported snapshot, and the
  // keys are read in the same one, so they are exactly the dump's.
  return o.db.connection().execute(async (connection) => {
    const repo = new BackupRepository(connection);
    const id = await repo.exportSnapshot();
    try {
      await runPgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${id}`, '--file', file, '--dbname', url]);
      return { file, keys: await repo.namedKeys() };
    } finally {
      await repo.endSnapshot();
    }
  });
}
