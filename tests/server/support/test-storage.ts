import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { LocalStorage } from '../../../server/storage/local.ts';
import type { Storage } from '../../../server/storage/storage.ts';
import { listFiles } from './media-fixtures.ts';

export type StorageKind = 'local' | 's3';

/** The backend a test app stores media in unless the test asks for one: local disk, or the test S3 (MEDIA_STORAGE_TEST=s3). */
export const defaultStorageKind = (): StorageKind => (inject('s3Test').everyApp ? 's3' : 'local');

/**
 * MEDIA_STORAGE and credentials for the test S3, under a prefix of its own (a fresh one each call),
 * so test files never see each other's objects.
 */
export function s3TestEnv(): Record<string, string> {
  const s3 = inject('s3Test');
  const url = new URL(s3.mediaStorage);
  const own = `kopilka-test-${process.pid}-${randomBytes(6).toString('hex')}`;
  url.pathname = [...url.pathname.split('/').filter(Boolean), own].join('/');
  return { MEDIA_STORAGE: url.toString(), AWS_ACCESS_KEY_ID: s3.accessKeyId, AWS_SECRET_ACCESS_KEY: s3.secretAccessKey };
}

/**
 * Everything a test app's storage holds, whatever the backend, as sorted keys (`u/1/audio/x.webm`):
 * on local disk every file under DATA_DIR/media including half-written temp files, in a bucket every
 * object under the app's prefix; plus any local copy left in the work folder (`work/…`). What a test
 * compares to prove nothing was left behind.
 */
export async function storedFiles(t: { storage: Storage; dataDir: string }): Promise<string[]> {
  const work = listFiles(path.join(t.dataDir, 'work')).map((f) => `work/${f}`);
  if (t.storage instanceof LocalStorage) return [...listFiles(path.join(t.dataDir, 'media')), ...work].sort();
  const keys: string[] = [];
  for await (const { key } of t.storage.list('')) keys.push(key);
  return [...keys, ...work].sort();
}

/** Every byte of a stored key. */
export async function readStored(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A local file with a stored key's bytes: on local disk the stored file itself (its real path), in a
 * bucket a copy written into `dir` (there is no other local path to point at).
 */
export async function localFileOf(storage: Storage, key: string, dir: string): Promise<string> {
  if (storage instanceof LocalStorage) return storage.withLocalFile(key, async (file) => file);
  const copy = path.join(dir, `stored-${randomBytes(4).toString('hex')}-${path.basename(key)}`);
  await writeFile(copy, await readStored(storage, key));
  return copy;
}
