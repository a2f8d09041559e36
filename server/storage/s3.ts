import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, opendir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { missingMultipartCalls, type MultipartCall } from './abilities.ts';
import type { S3Setting } from '../media-storage-setting.ts';
import type { Storage, StoredKey, UnfinishedUpload } from './storage.ts';
import { asStorageFailure, assertFolderPrefix, byteCounter, StorageUnavailable } from './storage.ts';

/** Streamed uploads go up in parts of this size, QUEUE at a time: what one put() holds in memory is about their product. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE = 2;
/** S3's CopyObject takes at most 5 GiB; a bigger object is moved by streaming it through. */
const COPY_OBJECT_LIMIT = 5 * 1024 * 1024 * 1024;
/** Deletions under a prefix run this many at once (one request per key; see deletePrefix). */
const DELETE_CONCURRENCY = 8;

/**
 * An S3 client that any S3-compatible server accepts: checksums only where the API requires them
 * (with the SDK's default, a streamed PutObject gets aws-chunked framing with trailing checksums,
 * which several servers store as part of the object). Its requests are bounded in time (see
 * s3ClientOptions).
 */
export function createS3Client(setting: S3Setting): S3Client {
  return new S3Client(s3ClientOptions(setting));
}

/**
 * The options of every S3 client of the server (the media storage's, and tus's S3 store's): the bucket,
 * the keys, checksums only where S3 requires them, and time limits. A connection must be made within
 * `timeouts.connectMs`, and once made no request may go `timeouts.idleMs` without a byte moving either way
 * (a stalled upload part or download stream included), so a bucket that stops answering fails requests
 * instead of holding them. A request that timed out is not sent again: a silent server would make every
 * retry wait as long, and the caller answer that much later. Other transient failures (a reset connection,
 * 500, 503 SlowDown) are retried as the SDK does, at most MAX_ATTEMPTS times in all.
 */
export function s3ClientOptions(setting: S3Setting) {
  const { connectMs, idleMs } = setting.timeouts;
  const agent = { keepAlive: true, maxSockets: 256 };
  return {
    region: setting.region,
    endpoint: setting.endpoint,
    forcePathStyle: setting.forcePathStyle,
    credentials: setting.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
    // Each /media/ response streams from its own GetObject: room for many players seeking at once.
    requestHandler: { httpAgent: agent, httpsAgent: agent, connectionTimeout: connectMs, socketTimeout: idleMs },
    retryStrategy: noRetryAfterTimeout,
  } satisfies S3ClientConfig;
}

const MAX_ATTEMPTS = 3;
type RetryStrategy = Extract<NonNullable<S3ClientConfig['retryStrategy']>, { acquireInitialRetryToken: unknown }>;
type RetryToken = Awaited<ReturnType<RetryStrategy['acquireInitialRetryToken']>>;
const retryToken = (count: number, delayMs: number): RetryToken => ({ getRetryCount: () => count, getRetryDelay: () => delayMs });

/**
 * Whether a request ran out of time (its connection was not made, or nothing moved for too long). The SDK
 * names a reset or broken connection (ECONNRESET, EPIPE: a kept-alive connection the server closed as the
 * request went out) a TimeoutError too; those are passing failures, sent again like any other.
 */
const timedOut = (error: Error & { code?: string }) =>
  error.name === 'TimeoutError' && error.code !== 'ECONNRESET' && error.code !== 'EPIPE';

/** The SDK's standard retries (jittered exponential backoff from 100 ms), but none after a timeout. */
const noRetryAfterTimeout: RetryStrategy = {
  acquireInitialRetryToken: async () => retryToken(0, 0),
  refreshRetryTokenForRetry: async (token, info) => {
    const next = token.getRetryCount() + 1;
    const error = info.error ?? new Error('S3 request failed');
    if (next >= MAX_ATTEMPTS || info.errorType === 'CLIENT_ERROR' || timedOut(error)) throw error;
    return retryToken(next, Math.random() * Math.min(20_000, 100 * 2 ** next));
  },
  recordSuccess: () => {},
};

export interface S3StorageOptions {
  client: S3Client;
  bucket: string;
  /** Key prefix inside the bucket ('' = its root); storage keys live under `<prefix>/`. */
  prefix: string;
  /** A folder under DATA_DIR for the temporary local copies withLocalFile() makes (and the API process's TMPDIR). */
  workDir: string;
  /** Objects above this size are moved by streaming rather than CopyObject (tests lower it). */
  copyObjectLimit?: number;
}

/**
 * Media in an S3-compatible bucket. Uploads stream up in parts (never whole in memory), reads are
 * GetObject streams (with Range), moves are server-side copies. Objects appear whole or not at all,
 * so unlike local disk there are no half-written temp objects; the only leftovers a crash can leave
 * are local copies in the work folder (removeStaleTemp) and unfinished multipart uploads, which S3
 * does not list as objects: unfinishedUploads() lists them, and the purge of a cut-off upload and the
 * storage check abort them (a bucket lifecycle rule is the second net).
 */
export class S3Storage implements Storage {
  readonly localFiles = false;

  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly base: string;
  private readonly workDir: string;
  private readonly copyObjectLimit: number;

  constructor(opts: S3StorageOptions) {
    this.client = opts.client;
    this.bucket = opts.bucket;
    this.base = opts.prefix ? `${opts.prefix.replace(/^\/+|\/+$/g, '')}/` : '';
    this.workDir = opts.workDir;
    this.copyObjectLimit = opts.copyObjectLimit ?? COPY_OBJECT_LIMIT;
  }

  /** The object key of a storage key; keys are relative paths and never leave the prefix. */
  private objectKey(key: string): string {
    const segments = key.split('/');
    if (key.startsWith('/') || segments.some((s) => s === '.' || s === '..' || s.includes('\\') || s.includes('\0'))) {
      throw new Error('storage key escapes the prefix');
    }
    return this.base + key;
  }

  /** Fails unless the bucket answers with these credentials (start-up check). */
  async checkBucket(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** The multipart calls this server does not implement (storage/abilities.ts). */
  missingMultipartCalls(): Promise<MultipartCall[]> {
    return missingMultipartCalls(this.client, this.bucket, this.base);
  }

  async put(key: string, source: Readable, opts: { maxBytes?: number } = {}): Promise<{ size: number }> {
    const Key = this.objectKey(key);
    const counter = byteCounter(opts.maxBytes);
    // A failure of the source or of the limit is the error to report, whatever the upload's
    // clean-up answers (some servers refuse AbortMultipartUpload); a failure of the bucket is
    // StorageUnavailable (or the bucket's own error), never mistaken for a cut-off upload.
    let sourceError: Error | undefined;
    const feeding = pipeline(source, counter).catch((err: unknown) => {
      sourceError = err instanceof Error ? err : new Error(String(err));
    });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key, Body: counter },
      partSize: PART_SIZE,
      queueSize: QUEUE,
    });
    try {
      await upload.done();
    } catch (err) {
      // Already destroyed by the source or the limit (that error stays), else stopped with the bucket's.
      const failure = err instanceof StorageUnavailable ? err : new StorageUnavailable(err);
      counter.destroy(failure);
      await feeding;
      throw sourceError ?? failure;
    }
    await feeding;
    if (sourceError) {
      await this.delete(key).catch(() => {});
      throw sourceError;
    }
    return { size: counter.bytes() };
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    const out = new PassThrough();
    const abort = new AbortController();
    // A reader that stops early (a player seeking elsewhere) ends the GetObject too.
    out.once('close', () => abort.abort());
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey(key),
      Range: range ? `bytes=${range.start}-${range.end}` : undefined,
    });
    this.client
      .send(command, { abortSignal: abort.signal })
      .then(async (res) => {
        await pipeline(res.Body as Readable, out);
      })
      .catch((err: unknown) => {
        if (!out.destroyed) out.destroy(isNotFound(err) ? notFoundAsEnoent(err) : asStorageFailure(err));
      });
    return out;
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return { size: head.ContentLength ?? 0 };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw asStorageFailure(err);
    }
  }

  async delete(key: string): Promise<void> {
    await bucketCall(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) })));
  }

  /**
   * One DeleteObject per key, a few at a time. DeleteObjects would take a thousand per request, but
   * it demands a Content-MD5 or checksum header that several S3-compatible servers refuse.
   */
  async deletePrefix(prefix: string): Promise<void> {
    assertFolderPrefix(prefix);
    const running = new Set<Promise<void>>();
    for await (const { key } of this.list(prefix)) {
      const job: Promise<void> = this.delete(key).finally(() => running.delete(job));
      running.add(job);
      if (running.size >= DELETE_CONCURRENCY) await Promise.race(running);
    }
    await Promise.all(running);
  }

  /** A server-side copy, then the delete (S3 has no rename); over CopyObject's limit, streamed through. */
  async move(from: string, to: string): Promise<void> {
    const size = (await this.stat(from))?.size;
    if (size === undefined) throw Object.assign(new Error(`no such key: ${from}`), { code: 'ENOENT' });
    if (size > this.copyObjectLimit) {
      await this.put(to, this.read(from));
    } else {
      const source = this.objectKey(from).split('/').map(encodeURIComponent).join('/');
      const copy = new CopyObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(to),
        CopySource: `${encodeURIComponent(this.bucket)}/${source}`,
      });
      await bucketCall(() => this.client.send(copy));
    }
    await this.delete(from);
  }

  async withLocalFile<T>(key: string, use: (file: string) => Promise<T>, dir: string = this.workDir): Promise<T> {
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `${randomBytes(8).toString('hex')}-${path.basename(key)}`);
    try {
      await pipeline(this.read(key), createWriteStream(file, { flags: 'wx', mode: 0o600 })).catch((err: unknown) => {
        throw asStorageFailure(err);
      });
      return await use(file);
    } finally {
      await rm(file, { force: true });
    }
  }

  async *list(prefix: string): AsyncIterable<StoredKey> {
    const pages = paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: this.base + prefix });
    for await (const page of failingAsStorage(pages)) {
      for (const object of page.Contents ?? []) {
        if (!object.Key?.startsWith(this.base)) continue;
        yield { key: object.Key.slice(this.base.length), modifiedAt: object.LastModified ?? new Date(0) };
      }
    }
  }

  async *unfinishedUploads(prefix: string): AsyncIterable<UnfinishedUpload> {
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    for (;;) {
      const command = new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: this.base + prefix, KeyMarker, UploadIdMarker });
      const page = await bucketCall(() => this.client.send(command));
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key?.startsWith(this.base) || !upload.UploadId) continue;
        yield { key: upload.Key.slice(this.base.length), uploadId: upload.UploadId, initiated: upload.Initiated ?? new Date(0) };
      }
      if (!page.IsTruncated || (!page.NextKeyMarker && !page.NextUploadIdMarker)) return;
      KeyMarker = page.NextKeyMarker;
      UploadIdMarker = page.NextUploadIdMarker;
    }
  }

  async abortUnfinished(upload: UnfinishedUpload): Promise<void> {
    const command = new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: this.objectKey(upload.key), UploadId: upload.uploadId });
    try {
      await this.client.send(command);
    } catch (err) {
      if (isNotFound(err) || (err as { name?: string }).name === 'NoSuchUpload') return; // completed or aborted meanwhile
      throw asStorageFailure(err);
    }
  }

  /** Local copies and temporary files a crash left in the work folder (the bucket itself holds no temp objects). */
  async removeStaleTemp(olderThan: Date): Promise<number> {
    let dir;
    try {
      dir = await opendir(this.workDir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw e;
    }
    let removed = 0;
    for await (const entry of dir) {
      const file = path.join(this.workDir, entry.name);
      const s = await stat(file).catch(() => null);
      if (s && s.mtime < olderThan) {
        await rm(file, { recursive: true, force: true });
        removed++;
      }
    }
    return removed;
  }
}

/** A request to the bucket whose failure, when it says the bucket cannot be used now, is StorageUnavailable. */
async function bucketCall<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    throw asStorageFailure(err);
  }
}

/** The pages of a listing, its failures turned as every other request's. */
async function* failingAsStorage<T>(pages: AsyncIterable<T>): AsyncIterable<T> {
  try {
    yield* pages;
  } catch (err) {
    throw asStorageFailure(err);
  }
}

function isNotFound(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey');
}

/** A missing object reads like a missing file (ENOENT), as it does on local disk. */
function notFoundAsEnoent(err: unknown): Error {
  if (isNotFound(err)) return Object.assign(new Error('no such key'), { code: 'ENOENT', cause: err });
  return err instanceof Error ? err : new Error(String(err));
}
