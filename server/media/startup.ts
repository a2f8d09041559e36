import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundWork } from './processing/background.ts';
import type { RenditionSizes } from './usage/rendition-sizes.ts';
import { TRASH_SWEEP_EVERY_MS, type MediaTrash } from './trash/trash.ts';

/**
 * What an API process does for media once it is ready, besides its worker's jobs: purges the trash of
 * what was deleted 30 days ago and measures renditions stored before their sizes were. None of it
 * holds up or fails the start.
 */
export async function startMediaWork(
  media: { background: BackgroundWork; trash: MediaTrash; renditionSizes: RenditionSizes },
  log: FastifyBaseLogger,
  trashSweepEveryMs = TRASH_SWEEP_EVERY_MS,
): Promise<void> {
  // Items whose 30 days in the trash are over go for good: once now, then periodically.
  const purgeTrash = async () => {
    const purged = await media.trash.purgeExpired();
    if (purged) log.info({ purged }, 'removed items 30 days after their deletion');
  };
  media.background.run('purge the trash', purgeTrash);
  media.background.every(trashSweepEveryMs, 'purge the trash', purgeTrash);
  // Rows made before rendition sizes were stored get them measured, once.
  media.background.run('measure renditions', () => media.renditionSizes.backfill());
}
