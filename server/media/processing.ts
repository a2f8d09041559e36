import { mkdir, mkdtemp, open, opendir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fieldError } from '../errors.ts';
import type { Storage } from '../storage/storage.ts';
import type { MediaLog } from './background.ts';
import type { Detected } from './content-types.ts';
import type { FileColumn, MediaKind } from './kinds.ts';
import type { MediaProcessor, OriginalSource } from './processor.ts';
import type { MediaPatch } from './repository.ts';

/** The current claim of a row's background job was taken over (or the row is gone): the run stops. */
export class ClaimLostError extends Error {}

export interface MediaProcessingDeps {
  storage: Storage;
  processor: MediaProcessor;
  log: MediaLog;
  /**
   * A folder under DATA_DIR for the steps' outputs before they are stored: never the system temp
   * folder, where what a crash strands is nobody's to sweep (removeStaleWork sweeps this one).
   */
  workDir: string;
}

/** A kind's processing step, the same whether it runs during the upload (inline kinds) or as a background job. */
export class MediaProcessing {
  constructor(private readonly d: MediaProcessingDeps) {}

  /** The background kind's quick decoder check during the upload: a failure refuses the upload. */
  async check(kind: MediaKind, originalKey: string, stored: Detected): Promise<void> {
    if (!kind.check) return;
    try {
      await this.withOriginal(originalKey, true, (input) => kind.check!({ processor: this.d.processor, input, stored }));
    } catch (err) {
      this.d.log.warn({ err, kind: kind.name }, 'media check failed');
      throw fieldError(kind.fileField, kind.messages.processingFailed);
    }
  }

  /**
   * Runs the kind's processing step in a temp folder and stores its outputs next to the original, as
   * `<base><suffix>`. Every key it stores is pushed to `written` first, so the caller can take them
   * away again; `claimLost` stops a background run whose claim was taken over before it stores more.
   */
  async run(
    kind: MediaKind,
    base: string,
    originalKey: string,
    stored: Detected,
    written: string[],
    claimLost: () => boolean = () => false,
  ): Promise<MediaPatch> {
    await mkdir(this.d.workDir, { recursive: true });
    const dir = await mkdtemp(path.join(this.d.workDir, 'run-'));
    try {
      const outcome = await this.withOriginal(originalKey, kind.streams?.(stored) ?? false, (input) =>
        kind.process({ processor: this.d.processor, input, stored, tmp: (name) => path.join(dir, name) }),
      );
      const patch: MediaPatch = { ...outcome.columns };
      // What the outputs take up is kept with the row, so usage is a sum in the database.
      let renditionsSize = 0;
      for (const f of outcome.files) {
        if (claimLost()) throw new ClaimLostError();
        // Opened before it is handed on: an output the step did not write fails this run here, rather
        // than as an error event of a stream nobody listens to yet (which would end the process).
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
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * The original as a step reads it. Local disk: the stored file itself, never a copy. Object storage:
   * a stream from the bucket where the step reads it once through, else a local copy in the storage's
   * work folder under DATA_DIR, removed when the step is done.
   */
  private withOriginal<T>(key: string, streams: boolean, use: (input: OriginalSource) => Promise<T>): Promise<T> {
    const { storage } = this.d;
    if (streams && !storage.localFiles) return use({ open: () => storage.read(key) });
    return storage.withLocalFile(key, (file) => use({ path: file }));
  }

  /**
   * Work folders a crash left (a run never finished) untouched since `olderThan`, by the newest write
   * to the folder or a file in it (a long conversion still writing keeps its folder); returns how many it removed.
   */
  async removeStaleWork(olderThan: Date): Promise<number> {
    let dir;
    try {
      dir = await opendir(this.d.workDir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw e;
    }
    let removed = 0;
    for await (const entry of dir) {
      const folder = path.join(this.d.workDir, entry.name);
      if ((await lastWrite(folder)) < olderThan) {
        await rm(folder, { recursive: true, force: true });
        removed++;
      }
    }
    return removed;
  }
}

/** The newest modification time of a folder and the files directly in it (epoch 0 when it is gone). */
async function lastWrite(folder: string): Promise<Date> {
  const own = await stat(folder).catch(() => null);
  let newest = own?.mtime ?? new Date(0);
  const names = own?.isDirectory() ? await readdir(folder).catch(() => []) : [];
  for (const name of names) {
    const s = await stat(path.join(folder, name)).catch(() => null);
    if (s && s.mtime > newest) newest = s.mtime;
  }
  return newest;
}
