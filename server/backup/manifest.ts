import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { LocalStorage } from '../storage/local.ts';
import { storageFromConfig } from '../storage/from-config.ts';
import { parseMediaStorage } from '../media-storage-setting.ts';
import type { Storage } from '../storage/storage.ts';
import path from 'node:path';
import os from 'node:os';

/** The backup's own description, `manifest.json` in its folder: what it holds, each file's size and SHA-256. */
export interface Manifest {
  format: 1;
  created_at: string;
  /** The newest migration of the database it holds (a restore brings an older one up to date). */
  database: { dialect: 'sqlite' | 'postgres'; file: string; size: number; sha256: string };
  /** DATA_DIR/secret_key when the key was generated there (null: SECRET_KEY comes from the environment). */
  secret_key: { file: string; sha256: string } | null;
  /** `media` (the folder beside the manifest) or the s3:// URL the objects were copied to. */
  media: { location: string; bytes: number; objects: { key: string; size: number; sha256: string }[] };
}

export const MANIFEST = 'manifest.json';
export const SQLITE_FILE = 'database.sqlite';
export const PG_DUMP_FILE = 'database.pgdump';
export const SECRET_FILE = 'secret_key';
export const MEDIA_FOLDER = 'media';

/** Where a backup's media objects live: its own media folder, or a bucket named by an s3:// URL (keys from the environment). */
export function backupMediaStorage(dir: string, location: string, env: NodeJS.ProcessEnv): Storage {
  if (location === MEDIA_FOLDER) return new LocalStorage(path.join(dir, MEDIA_FOLDER));
  // Local copies an S3 adapter makes go to the system's temporary folder: a backup has no DATA_DIR of its own.
  return storageFromConfig({ dataDir: os.tmpdir(), mediaStorage: parseMediaStorage(location, env) });
}

/** A pass-through of `source` that hashes and counts what flows through it. */
export function hashing(source: AsyncIterable<Buffer | string>): { stream: Readable; digest: () => { size: number; sha256: string } } {
  const hash = createHash('sha256');
  let size = 0;
  const stream = Readable.from(
    (async function* () {
      for await (const chunk of source) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        hash.update(bytes);
        size += bytes.length;
        yield bytes;
      }
    })(),
  );
  return { stream, digest: () => ({ size, sha256: hash.digest('hex') }) };
}

/** SHA-256 and size of a file (read from `source` when given: a file opened without following a link). */
export async function fileDigest(file: string, source?: Readable): Promise<{ size: number; sha256: string }> {
  const { stream, digest } = hashing((source ?? createReadStream(file)) as AsyncIterable<Buffer>);
  for await (const _ of stream) {
    /* drained */
  }
  return digest();
}
