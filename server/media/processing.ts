import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fieldError } from '../errors.ts';
import type { Storage } from '../storage/storage.ts';
import type { MediaLog } from './background.ts';
import type { Detected } from './content-types.ts';
import type { FileColumn, MediaKind } from './kinds.ts';
import type { MediaProcessor } from './processor.ts';
import type { MediaPatch } from './repository.ts';

/** The current claim of a row's background job was taken over (or the row is gone): the run stops. */
export class ClaimLostError extends Error {}

export interface MediaProcessingDeps {
  storage: Storage;
  processor: MediaProcessor;
  log: MediaLog;
}

/** A kind's processing step, the same whether it runs during the upload (inline kinds) or as a background job. */
export class MediaProcessing {
  constructor(private readonly d: MediaProcessingDeps) {}

  /** The background kind's quick decoder check during the upload: a failure refuses the upload. */
  async check(kind: MediaKind, originalKey: string, stored: Detected): Promise<void> {
    if (!kind.check) return;
    try {
      await kind.check({ processor: this.d.processor, input: await this.d.storage.localPath(originalKey), stored });
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
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kopilka-media-'));
    try {
      const outcome = await kind.process({
        processor: this.d.processor,
        input: await this.d.storage.localPath(originalKey),
        stored,
        tmp: (name) => path.join(dir, name),
      });
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
}
