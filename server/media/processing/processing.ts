import { open } from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../../deps.ts';
import { fieldError } from '../../http/errors.ts';
import { ClaimLostError } from '../../jobs/job.ts';
import { StorageUnavailable } from '../../storage/storage.ts';
import type { Detected } from '../content-types.ts';
import { UploadRefused, type FileColumn, type MediaKindSpec } from '../kinds.ts';
import type { MediaLog } from '../log.ts';
import type { OriginalSource } from './types.ts';
import type { MediaPatch } from '../records/repository.ts';

/**
 * The processing step itself failed on this file (the decoder, the image library, a file that is not
 * what its header says): trying again would fail again. `reason` is the uploader's to read when the
 * step gave one.
 */
export class ProcessingFailed extends Error {
  readonly reason: string | undefined;
  constructor(cause: unknown) {
    super(`media processing failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.reason = cause instanceof UploadRefused ? cause.message : undefined;
  }
}

/** What processing is given: the app's storage and processor, and the media log. */
export type MediaProcessingDeps = Pick<AppDeps, 'storage' | 'processor'> & { log: MediaLog };

/** A kind's quick check during the upload, and its processing step in a job. */
export class MediaProcessing {
  constructor(private readonly d: MediaProcessingDeps) {}

  /** The kind's header check during the upload: a failure refuses the upload. */
  async check(kind: MediaKindSpec, originalKey: string, stored: Detected): Promise<void> {
    if (!kind.check) return;
    try {
      await this.withOriginal(originalKey, true, (input) => kind.check!({ processor: this.d.processor, input, stored }));
    } catch (err) {
      if (err instanceof UploadRefused) throw fieldError(kind.fileField, err.message);
      if (err instanceof StorageUnavailable) throw err; // the storage's trouble, not the file's
      this.d.log.warn({ err, kind: kind.name }, 'media check failed');
      throw fieldError(kind.fileField, kind.messages.processingFailed);
    }
  }

  /**
   * Runs the kind's processing step in `dir` (the job's work folder under DATA_DIR) on the original
   * (`stored`: what it is, and its size when known) and stores its outputs next to the original, as
   * `<base><suffix>`. Every key it stores is pushed to `written`
   * first, so the caller can take them away again; `claimLost` stops a run whose claim was taken over
   * before it stores more (ClaimLostError). A failure of the step itself is ProcessingFailed; anything
   * else (the storage failing to hand over the original or to take an output, the disk) may pass on a
   * later try.
   */
  async run(
    kind: MediaKindSpec,
    base: string,
    originalKey: string,
    stored: Detected & { size?: number },
    dir: string,
    written: string[],
    claimLost: () => boolean = () => false,
  ): Promise<MediaPatch> {
    const { size, ...detected } = stored;
    const outcome = await this.withOriginal(
      originalKey,
      kind.streams?.(detected) ?? false,
      (input, fromStorage) =>
        kind
          .process({ processor: this.d.processor, input, stored: detected, size, tmp: (name) => path.join(dir, name) })
          .catch((err: unknown) => {
            throw fromStorage(err) ? err : new ProcessingFailed(err);
          }),
      dir,
    );
    const patch: MediaPatch = { ...outcome.columns };
    // What the outputs take up is kept with the row, so usage is a sum in the database.
    let renditionsSize = 0;
    for (const f of outcome.files) {
      if (claimLost()) throw new ClaimLostError();
      // Opened before it is handed on: an output that is not there fails this run here, rather than as
      // an error event of a stream nobody listens to yet (which would end the process). Not counted as
      // the file's failure: the work folder may have been taken away (a run that lost its claim).
      const file = await open(f.path);
      const key = `${base}${f.suffix}`;
      written.push(key);
      try {
        renditionsSize += (await this.d.storage.put(key, file.createReadStream())).size;
      } finally {
        await file.close().catch(() => {}); // already closed by the stream unless put gave up before reading it
      }
      patch[f.column satisfies FileColumn] = key;
    }
    patch.renditions_size = renditionsSize;
    return patch;
  }

  /**
   * When a stored photo was taken, read again from its EXIF without processing it: from the first
   * `headBytes` of the bytes where they are remote (a ranged read, when that settles it), else from the
   * file (local disk: the stored file; a bucket: a copy in `dir`). `undefined` when there is nothing to
   * learn: the original is gone, or it is no image the reader understands. A failing storage throws.
   */
  async photoTakenAt(key: string, size: number, dir: string, headBytes: number): Promise<string | null | undefined> {
    const { storage, processor } = this.d;
    const gone = (err: unknown) => (err as { code?: string } | null)?.code === 'ENOENT';
    if (!storage.localFiles && size > 0) {
      const failed = new WeakSet<object>();
      const open = () => {
        const stream = storage.read(key, { start: 0, end: Math.min(size, headBytes) - 1 });
        stream.on('error', (err) => failed.add(err));
        return stream;
      };
      try {
        const fromHead = await processor.photoTakenAt({ open }, headBytes);
        if (fromHead !== undefined) return fromHead;
      } catch (err) {
        if (!(err instanceof Object && failed.has(err))) return undefined; // not an image the reader understands
        if (gone(err)) return undefined;
        throw err;
      }
    }
    try {
      return await this.withOriginal(
        key,
        false,
        (input, fromStorage) =>
          processor.photoTakenAt(input).then(
            (takenAt) => takenAt ?? null,
            (err: unknown) => {
              if (fromStorage(err)) throw err;
              return undefined;
            },
          ),
        dir,
      );
    } catch (err) {
      if (gone(err)) return undefined;
      throw err;
    }
  }

  /**
   * The original as a step reads it. Local disk: the stored file itself, never a copy. Object storage:
   * a stream from the bucket where the step reads it once through, else a local copy (in `copyDir`,
   * a job's work folder, else the storage's own under DATA_DIR), removed when the step is done.
   * `fromStorage` tells an error of the stream itself (the bucket failing mid-read) from what the step
   * made of the bytes.
   */
  private withOriginal<T>(
    key: string,
    streams: boolean,
    use: (input: OriginalSource, fromStorage: (err: unknown) => boolean) => Promise<T>,
    copyDir?: string,
  ): Promise<T> {
    const { storage } = this.d;
    const storageErrors = new WeakSet<object>();
    const fromStorage = (err: unknown) => typeof err === 'object' && err !== null && storageErrors.has(err);
    if (streams && !storage.localFiles) {
      const openStream = () => {
        const stream = storage.read(key);
        stream.on('error', (err) => storageErrors.add(err));
        return stream;
      };
      return use({ open: openStream }, fromStorage);
    }
    return storage.withLocalFile(key, (file) => use({ path: file }, fromStorage), copyDir);
  }
}
