import { constants, existsSync, statSync } from 'node:fs';
import { chmod, copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { createDb } from '../db/kysely.ts';
import { migrate } from '../db/migrate.ts';
import type { Storage } from '../storage/storage.ts';
import { BackupRepository } from './backup-repository.ts';
import { BackupFolder, BackupFolderError } from './backup-folder.ts';
import { backupMediaStorage, fileDigest, hashing, MEDIA_FOLDER } from './manifest.ts';
import { keepStoredFilePrivate, PRIVATE_FILE, READ_NO_FOLLOW, readNoFollow } from './private-files.ts';
import { runPgTool } from './pg-tools.ts';

export interface RestoreOptions {
  /** Where to restore: the configuration's database (an absent SQLite file, or an empty PostgreSQL database) and DATA_DIR. */
  config: Pick<Config, 'database' | 'dataDir'>;
  /** The configured media storage: an empty folder or bucket prefix. */
  storage: Storage;
  from: string;
  env?: NodeJS.ProcessEnv;
  log: (message: string) => void;
}

/** The restore stopped before writing anything (or, for a checksum caught while copying, named what it had written). */
export class RestoreError extends Error {}

export interface RestoreReport {
  objects: number;
  bytes: number;
  /** Unfinished resumable uploads dropped (their staged bytes are not in a backup). */
  droppedUploads: number;
}

/**
 * Restores a backup into an empty place: it refuses a database that holds anything, a storage that holds
 * any file, and a different secret key already in DATA_DIR. It reads only inside the backup's folder and
 * follows no symbolic link there (BackupFolder). Every file is checked against the manifest before anything
 * is written (the database, the key, each media object's size and SHA-256), and each object again as it is
 * written. What it writes on this machine — the SQLite file, the key, local media and their folders — is
 * private as the backup was (0600, 0700). The database is then brought to the current schema.
 */
export async function restoreBackup(o: RestoreOptions): Promise<RestoreReport> {
  try {
    return await restore(o);
  } catch (err) {
    throw err instanceof BackupFolderError ? new RestoreError(err.message) : err;
  }
}

async function restore(o: RestoreOptions): Promise<RestoreReport> {
  const folder = await BackupFolder.open(o.from);
  const dir = folder.dir;
  const env = o.env ?? process.env;
  const manifest = await folder.manifest();
  if (manifest.database.dialect !== o.config.database.dialect) {
    throw new RestoreError(
      `the backup holds a ${manifest.database.dialect} database and DATABASE_URL names ${o.config.database.dialect}: restore into the same kind`,
    );
  }

  // 1. Every file of the backup matches its manifest.
  const dbFile = await folder.file(manifest.database.file);
  await expectDigest(dbFile, manifest.database, 'the database copy');
  const keyCopy = manifest.secret_key ? await folder.file(manifest.secret_key.file) : null;
  if (manifest.secret_key) await expectDigest(keyCopy!, { sha256: manifest.secret_key.sha256 }, 'the secret key');
  const source = backupMediaStorage(dir, manifest.media.location, env);
  // The backup's own media folder is read file by file, checked and opened without following a link.
  const read = async (key: string): Promise<AsyncIterable<Buffer>> =>
    manifest.media.location === MEDIA_FOLDER
      ? ((await readNoFollow(await folder.mediaFile(key))) as AsyncIterable<Buffer>)
      : (source.read(key) as AsyncIterable<Buffer>);
  for (const object of manifest.media.objects) {
    let digest;
    try {
      const h = hashing(await read(object.key));
      for await (const _ of h.stream) {
        /* hashed */
      }
      digest = h.digest();
    } catch (err) {
      if (err instanceof BackupFolderError) throw err;
      throw new RestoreError(`${object.key} cannot be read from the backup: ${(err as Error).message}`);
    }
    if (digest.size !== object.size || digest.sha256 !== object.sha256)
      throw new RestoreError(`${object.key} does not match the manifest's checksum`);
  }

  // 2. The place is empty.
  const keyFile = path.join(o.config.dataDir, 'secret_key');
  if (o.config.database.dialect === 'sqlite') {
    const file = o.config.database.file;
    if (existsSync(file) && statSync(file).size > 0) throw new RestoreError(`${file} exists: a restore never overwrites a database`);
  } else {
    const db = createDb(o.config.database);
    try {
      if (!(await new BackupRepository(db).postgresIsEmpty()))
        throw new RestoreError('the database named by DATABASE_URL holds tables: restore into an empty one');
    } finally {
      await db.destroy();
    }
  }
  for await (const { key } of o.storage.list(''))
    throw new RestoreError(`the media storage already holds files (${key}): restore into an empty one`);
  if (manifest.secret_key && !env.SECRET_KEY && existsSync(keyFile)) {
    const own = await readFile(keyFile, 'utf8');
    const given = await readFile(keyCopy!, { encoding: 'utf8', flag: READ_NO_FOLLOW });
    if (own.trim() !== given.trim()) throw new RestoreError(`${keyFile} holds another key: restore into an empty DATA_DIR`);
  }

  // 3. The database, the key, the files.
  if (o.config.database.dialect === 'sqlite') {
    await copyFile(dbFile, o.config.database.file, constants.COPYFILE_EXCL);
    await chmod(o.config.database.file, PRIVATE_FILE);
  } else {
    await runPgTool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      '--dbname',
      o.config.database.url,
      dbFile,
    ]);
  }
  if (manifest.secret_key && !env.SECRET_KEY && !existsSync(keyFile))
    await writeFile(keyFile, await readFile(keyCopy!, { flag: READ_NO_FOLLOW }), { mode: PRIVATE_FILE });

  let bytes = 0;
  for (const object of manifest.media.objects) {
    const h = hashing(await read(object.key));
    await o.storage.put(object.key, h.stream);
    const written = h.digest();
    if (written.size !== object.size || written.sha256 !== object.sha256) {
      await o.storage.delete(object.key);
      throw new RestoreError(`${object.key} changed while it was restored (checksum differs); the restore is incomplete`);
    }
    bytes += written.size;
    if (o.storage.localFiles) await o.storage.withLocalFile(object.key, (file) => keepStoredFilePrivate(file, object.key));
  }

  const db = createDb(o.config.database);
  try {
    await migrate(db);
    const droppedUploads = await new BackupRepository(db).dropUnfinishedUploads();
    return { objects: manifest.media.objects.length, bytes, droppedUploads };
  } finally {
    await db.destroy();
  }
}

async function expectDigest(file: string, expected: { size?: number; sha256: string }, what: string): Promise<void> {
  let got;
  try {
    got = await fileDigest(file, await readNoFollow(file));
  } catch {
    throw new RestoreError(`${what} (${path.basename(file)}) is missing from the backup`);
  }
  if (got.sha256 !== expected.sha256 || (expected.size !== undefined && got.size !== expected.size)) {
    throw new RestoreError(`${what} (${path.basename(file)}) does not match the manifest's checksum`);
  }
}
