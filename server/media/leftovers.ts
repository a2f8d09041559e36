import type { Clock } from '../clock.ts';
import { UPLOAD_SUFFIX, type Storage } from '../storage/storage.ts';
import type { BackgroundWork } from './background.ts';
import type { MediaProcessing } from './processing.ts';

/**
 * Temp files untouched this long belong to no live request (a crash or kill mid-upload): swept at
 * start-up. Age by last write, so a slow upload still being written is never taken.
 */
export const LEFTOVER_AGE_MS = 60 * 60 * 1000;

export interface LeftoverSweepDeps {
  storage: Storage;
  processing: MediaProcessing;
  clock: Clock;
  background: BackgroundWork;
}

/** The start-up sweep of what uploads cut off by a crash left behind. */
export class LeftoverSweep {
  constructor(private readonly d: LeftoverSweepDeps) {}

  /**
   * Removes the storage's own half-written temp files, processing work folders and our `*.upload` keys, when untouched for
   * LEFTOVER_AGE_MS. Only these temp patterns: a stored file no row mentions is left alone (a wrong
   * guess there would lose someone's media). Returns how many it removed.
   */
  async sweep(): Promise<number> {
    const cutoff = new Date(this.d.clock.now().getTime() - LEFTOVER_AGE_MS);
    const { storage } = this.d;
    let removed = (await storage.removeStaleTemp(cutoff)) + (await this.d.processing.removeStaleWork(cutoff));
    for await (const { key, modifiedAt } of storage.list('u/')) {
      if (this.d.background.closed) break; // shutting down: the next start finishes the sweep
      if (key.endsWith(UPLOAD_SUFFIX) && modifiedAt < cutoff) {
        await storage.delete(key);
        removed++;
      }
    }
    return removed;
  }
}
