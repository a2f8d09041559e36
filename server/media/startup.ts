import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundWork } from './background.ts';
import type { MediaJobs } from './jobs.ts';
import { MEDIA_KINDS } from './kinds.ts';
import type { LeftoverSweep } from './leftovers.ts';
import type { RenditionSizes } from './rendition-sizes.ts';
import { TRASH_SWEEP_EVERY_MS, type MediaTrash } from './trash.ts';

/**
 * What a process does for media once it is ready: finishes background work an earlier process left
 * half-done, re-checks for work whose process dies later, sweeps the leftovers of cut-off uploads,
 * purges the trash of what was deleted 30 days ago and measures renditions stored before their sizes were.
 * None of it holds up or fails the start.
 */
export async function startMediaWork(
  media: { jobs: MediaJobs; leftovers: LeftoverSweep; background: BackgroundWork; trash: MediaTrash; renditionSizes: RenditionSizes },
  log: FastifyBaseLogger,
  trashSweepEveryMs = TRASH_SWEEP_EVERY_MS,
): Promise<void> {
  // Rows another live process holds (its lease is current) are left to it…
  await media.jobs.resumeProcessing(MEDIA_KINDS).catch((err: unknown) => log.error({ err }, 'could not resume media processing'));
  // …and rows whose process dies later are taken over once their lease runs out.
  media.jobs.recheckProcessing(MEDIA_KINDS);
  // Temp files of uploads a crash cut off: swept without holding up start-up.
  media.background.run('sweep upload leftovers', async () => {
    const removed = await media.leftovers.sweep();
    if (removed) log.info({ removed }, 'removed upload leftovers');
  });
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
