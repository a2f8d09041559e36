import type { Storage } from '../../storage/storage.ts';
import type { BackgroundWork } from '../processing/background.ts';
import type { MediaLog } from '../log.ts';
import type { UsageRepository } from './repository.ts';

const BATCH = 200;

export interface RenditionSizesDeps {
  repo: UsageRepository;
  storage: Storage;
  background: BackgroundWork;
  log: MediaLog;
}

/**
 * Rows made before rendition sizes were stored (renditions_size null) get them measured once, from the
 * storage: the sum of their rendition files' sizes, a file the storage cannot tell about counting 0.
 * Run at start; with several processes each row is written once (the update is conditional).
 */
export class RenditionSizes {
  constructor(private readonly d: RenditionSizesDeps) {}

  /** Measures every unmeasured row; returns how many it looked at. */
  async backfill(): Promise<number> {
    let seen = 0;
    for (;;) {
      const rows = await this.d.repo.unmeasured(BATCH);
      for (const row of rows) {
        if (this.d.background.closed) return seen; // shutting down: the next start goes on
        let bytes = 0;
        for (const key of [row.playable_key, row.thumbnail_key, row.preview_key, row.poster_key]) {
          if (!key) continue;
          const st = await this.d.storage.stat(key).catch((err: unknown) => {
            this.d.log.warn({ err, key }, 'could not measure a stored rendition');
            return null;
          });
          bytes += st?.size ?? 0;
        }
        await this.d.repo.setRenditionsSize(row.id, bytes);
        seen++;
      }
      if (rows.length < BATCH) return seen;
    }
  }
}
