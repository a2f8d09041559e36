import path from 'node:path';
import type { Config } from '../config.ts';
import { LocalStorage } from './local.ts';
import { createS3Client, S3Storage } from './s3.ts';
import type { Storage } from './storage.ts';

/**
 * DATA_DIR/work/storage: the bucket storage's folder for local copies, and the process's temporary
 * folder with a bucket (see useStorageWorkDirAsTemp in process/start.ts). Entries there older than an
 * hour are left by a crash, and removeStaleTemp() removes them.
 */
export function storageWorkDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'work', 'storage');
}

/** The storage MEDIA_STORAGE names: DATA_DIR/media on local disk (the default), or an S3 bucket. */
export function storageFromConfig(config: Pick<Config, 'dataDir' | 'mediaStorage'>): Storage {
  const setting = config.mediaStorage;
  if (setting.kind === 'local') return new LocalStorage(path.join(config.dataDir, 'media'));
  return new S3Storage({
    client: createS3Client(setting),
    bucket: setting.bucket,
    prefix: setting.prefix,
    workDir: storageWorkDir(config),
  });
}

/** The storage cannot be used as configured: one line for the operator, never the credentials. */
export class StorageCheckFailed extends Error {}

/**
 * Checks at start-up that the storage answers: a bucket that does not exist, a wrong endpoint or
 * refused credentials stop the process with one line instead of failing every upload later.
 */
export async function checkStorage(storage: Storage, config: Pick<Config, 'mediaStorage'>): Promise<void> {
  if (!(storage instanceof S3Storage) || config.mediaStorage.kind !== 's3') return;
  const { bucket, endpoint } = config.mediaStorage;
  try {
    await storage.checkBucket();
  } catch (err) {
    const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
    const status = e.$metadata?.httpStatusCode;
    const why =
      status === 404 ? 'no such bucket' : status === 403 ? 'access denied (check the credentials)' : (e.message ?? e.name ?? 'no answer');
    const line = `MEDIA_STORAGE: bucket ${bucket}${endpoint ? ` at ${endpoint}` : ''} is not usable: ${why}`;
    throw new StorageCheckFailed(line.replace(/\s+/g, ' '));
  }
}
