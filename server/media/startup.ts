import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundWork } from './background.ts';
import type { MediaJobs } from './jobs.ts';
import { MEDIA_KINDS } from './kinds.ts';
import type { LeftoverSweep } from './leftovers.ts';

/**
 * What a process does for media once it is ready: finishes background work an earlier process left
 * half-done, re-checks for work whose process dies later, and sweeps the leftovers of cut-off uploads.
 * None of it holds up or fails the start.
 */
export async function startMediaWork(
  media: { jobs: MediaJobs; leftovers: LeftoverSweep; background: BackgroundWork },
  log: FastifyBaseLogger,
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
}
