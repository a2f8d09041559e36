import { constants, existsSync, statSync } from 'node:fs';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { createDb } from '../db/kysely.ts';
import { migrate } from '../db/migrate.ts';
import type { Storage } from '../storage/storage.ts';
import { BackupRepository } from './backup-repository.ts';
import { backupMediaStorage, fileDigest, hashing, MANIFEST, type Manifest } from './manifest.ts';
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
 * any file, and a different secret key already in DATA_DIR. Every file is checked against the manifest
 * before anything is written (the database, the key, each media object's size and SHA-256), and each
 * object again as it is written. The database is then brought to the current schema.
 */
export async function restoreBackup(o: RestoreOptions): Promise<RestoreReport> {
  const dir = path.resolve(o.from);
  const env = o.env ?? process.env;
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw new RestoreError(`${dir} holds no readable ${MANIFEST}: not a backup`);
  }
  if (manifest.format !== 1) throw new RestoreError(`unknown backup format ${String(manifest.format)}`);
  if (manifest.database.dialect !== o.config.database.dialect) {
    throw new RestoreError(
      `the backup holds a ${manifest.database.dialect} database and DATABASE_URL names ${o.config.database.dialect}: restore into the same kind`,
    );
  }

  // 1. Every file of the backup matches its manifest.
  const dbFile = path.join(dir, manifest.database.file);
  await expectDigest(dbFile, manifest.database, 'the database copy');
  if (manifest.secret_key)
    await expectDigest(path.join(dir, manifest.secret_key.file), { sha256: manifest.secret_key.sha256 }, 'the secret key');
  const source = backupMediaStorage(dir, manifest.media.location, env);
  for (const object of manifest.media.objects) {
    let digest;
    try {
      const h = hashing(source.read(object.key) as AsyncIterable<Buffer>);
      for await (const _ of h.stream) {
        /* hashed */
      }
      digest = h.digest();
    } catch (err) {
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
    const given = await readFile(path.join(dir, manifest.secret_key.file), 'utf8');
    if (own.trim() !== given.trim()) throw new RestoreError(`${keyFile} holds another key: restore into an empty DATA_DIR`);
  }

  // 3. The database, the key, the files.
  if (o.config.database.dialect === 'sqlite') {
    await copyFile(dbFile, o.config.database.file, constants.COPYFILE_EXCL);
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
    await writeFile(keyFile, await readFile(path.join(dir, manifest.secret_key.file)), { mode: 0o600 });

  let bytes = 0;
  for (const object of manifest.media.objects) {
    const h = hashing(source.read(object.key) as AsyncIterable<Buffer>);
    await o.storage.put(object.key, h.stream);
    const written = h.digest();
    if (written.size !== object.size || written.sha256 !== object.sha256) {
      await o.storage.delete(object.key);
      throw new RestoreError(`${object.key} changed while it was restored (checksum differs); the restore is incomplete`);
    }
    bytes += written.size;
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
    got = await fileDigest(file);
  } catch {
    throw new RestoreError(`${what} (${path.basename(file)}) is missing from the backup`);
  }
  if (got.sha256 !== expected.sha256 || (expected.size !== undefined && got.size !== expected.size)) {
    throw new RestoreError(`${what} (${path.basename(file)}) does not match the manifest's checksum`);
  }
}
