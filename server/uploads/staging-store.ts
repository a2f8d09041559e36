import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Transform, type Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import type { Config } from '../config.ts';
import { s3ClientOptions } from '../storage/s3.ts';
import { diskError } from '../storage/local.ts';
import type { Storage } from '../storage/storage.ts';
import type { UploadsRepository } from './repository.ts';
import { resumeHash, saveHash } from './running-hash.ts';
import { TusRefusal } from './tus-refusal.ts';
import { stagingKey, STAGING_SIDECARS } from '../storage/upload-keys.ts';

/**
 * The tus data store the server uses, around the real one (files under DATA_DIR/media, or S3): the
 * bytes of upload `<user>-<random>` are staged at `u/<user>/uploads/<random>` of the media storage
 * (with the store's own sidecar files next to them), so they belong to their owner like every other
 * file of theirs; and every PATCH hashes the bytes it writes, going on from the state the previous
 * one saved. When the hash and the stored bytes part ways (a write that failed midway), the state is
 * dropped and the hash is taken from the stored bytes once they are complete.
 *
 * Expiry is not the store's: the uploads table knows when each upload is abandoned (by the app's
 * clock), and the cleanup removes it through remove().
 */
export class StagingStore extends DataStore {
  constructor(
    /** The real store, made when first needed (the file store creates its folder as it is made). */
    private readonly makeInner: () => Promise<DataStore>,
    /** The inner store's id for a staging key (its key in the bucket, or its path under the store's folder). */
    private readonly innerId: (key: string) => string,
    private readonly storage: Storage,
    private readonly uploads: UploadsRepository,
  ) {
    super();
    // An upload's length is known when it is created: its kind's limit is checked then.
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];
  }

  private innerStore: Promise<DataStore> | null = null;
  private inner(): Promise<DataStore> {
    this.innerStore ??= this.makeInner().catch((err: unknown) => {
      this.innerStore = null; // the next request tries again
      throw err;
    });
    return this.innerStore;
  }

  private idOf(id: string): string {
    const key = stagingKey(id);
    if (!key) throw TusRefusal.of(ERRORS.FILE_NOT_FOUND);
    return this.innerId(key);
  }

  override async create(upload: Upload): Promise<Upload> {
    const created = await storageCall(async () => (await this.inner()).create(new Upload({ ...upload, id: this.idOf(upload.id) })));
    return new Upload({ ...created, id: upload.id });
  }

  override async getUpload(id: string): Promise<Upload> {
    const innerId = this.idOf(id);
    const found = await storageCall(async () => (await this.inner()).getUpload(innerId)).catch(async (err: unknown) => {
      // tus's S3 store reports any failure to read an upload's info as "not found": a bucket that does not
      // answer must not make a live upload look gone (a client would start it over). Asked once more here.
      if ((err as { status_code?: number }).status_code === 404) await this.storage.stat(stagingKey(id)!);
      throw err;
    });
    return new Upload({ ...found, id });
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    // A cut-off connection's error stays the uploader's (asStorageError tells it from the storage's).
    return storageCall(() => this.writeHashed(stream, id, offset));
  }

  private async writeHashed(stream: Readable, id: string, offset: number): Promise<number> {
    const inner = await this.inner();
    const row = await this.uploads.find(id);
    const canHash = row && (offset === 0 || (row.hash_offset === offset && row.hash_state !== null));
    if (!canHash) {
      if (row && row.hash_offset !== null) await this.uploads.loseHash(id);
      return inner.write(stream, this.idOf(id), offset);
    }
    const hasher = await resumeHash(offset === 0 ? null : row.hash_state);
    let hashed = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        hasher.update(chunk);
        hashed += chunk.length;
        cb(null, chunk);
      },
    });
    let newOffset: number;
    try {
      newOffset = await inner.write(
        pipeline(stream, hashing, () => {}),
        this.idOf(id),
        offset,
      );
    } catch (err) {
      await this.uploads.loseHash(id);
      throw err;
    }
    if (newOffset - offset === hashed) await this.uploads.saveHash(id, newOffset, saveHash(hasher));
    else await this.uploads.loseHash(id);
    return newOffset;
  }

  /**
   * Removes the upload: the store's own removal (an unfinished S3 multipart upload is aborted there),
   * then every staging key it may have left (the bytes, the sidecars), then its row.
   */
  override async remove(id: string): Promise<void> {
    const key = stagingKey(id);
    if (!key) throw TusRefusal.of(ERRORS.FILE_NOT_FOUND);
    const row = await this.uploads.find(id);
    await (await this.inner()).remove(this.innerId(key)).catch(() => {});
    for (const suffix of ['', ...STAGING_SIDECARS]) await this.storage.delete(`${key}${suffix}`);
    await this.uploads.delete(id);
    if (!row) throw TusRefusal.of(ERRORS.FILE_NOT_FOUND);
  }

  override async declareUploadLength(): Promise<void> {
    throw TusRefusal.of(ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION);
  }

  override async deleteExpired(): Promise<number> {
    return 0;
  }

  override getExpiration(): number {
    return 0;
  }
}

/**
 * Runs an operation of the inner store (tus's file or S3 store, an adapter of the media storage like
 * ours): an error that says the storage cannot be used now becomes StorageUnavailable, as the media
 * storage's own adapters raise it (diskError: asStorageError, and the file store's folders); tus's own
 * refusals (a missing upload, a wrong offset) pass as they are.
 */
async function storageCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw await diskError(err);
  }
}

/**
 * What tus's S3 store sends in one part (S3 takes at least 5 MiB but for the last one). Each part is written
 * to the temporary folder first, which the API process keeps under DATA_DIR (useStorageWorkDirAsTemp).
 */
const S3_PART_BYTES = 8 * 1024 * 1024;

/**
 * The staging store for the media storage MEDIA_STORAGE names: tus's file store on the same folder as
 * the media files (DATA_DIR/media), or its S3 store on the same bucket and prefix (a multipart upload
 * per tus upload), so that a complete upload becomes the original by a rename, or a copy inside the
 * bucket.
 */
export function stagingStore(config: Pick<Config, 'dataDir' | 'mediaStorage'>, storage: Storage, uploads: UploadsRepository): StagingStore {
  const setting = config.mediaStorage;
  if (setting.kind === 'local') {
    const directory = path.join(config.dataDir, 'media');
    // The folder is made here, where a failure is an error of the request: the file store's own
    // attempt throws from a callback, which would end the process.
    const files = async () => {
      await mkdir(directory, { recursive: true });
      return new FileStore({ directory });
    };
    return new StagingStore(files, (key) => key, storage, uploads);
  }
  const base = setting.prefix ? `${setting.prefix.replace(/^\/+|\/+$/g, '')}/` : '';
  const s3 = new S3Store({
    partSize: S3_PART_BYTES,
    // As the media storage's client: checksums only where S3 requires them (or other servers store the
    // framing), and the same time limits, so a silent bucket fails a tus request as it fails any other.
    s3ClientConfig: { bucket: setting.bucket, ...s3ClientOptions(setting) },
  });
  return new StagingStore(
    async () => s3,
    (key) => `${base}${key}`,
    storage,
    uploads,
  );
}
