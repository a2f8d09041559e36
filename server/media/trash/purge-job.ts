import type { JobLog } from '../../jobs/log.ts';
import type { JobDefinition } from '../../jobs/job.ts';
import { TRASH_SWEEP_EVERY_MS, type MediaTrash } from './trash.ts';

/**
 * The 'purge-trash' job: items whose 30 days in the trash are over go for good (their files by 'purge-files'
 * jobs). A recurring one, every TRASH_SWEEP_EVERY_MS, one run whatever the number of processes.
 */
export function purgeTrashJob(d: { trash: Pick<MediaTrash, 'purgeExpired'>; log: JobLog }): JobDefinition {
  return {
    kind: 'purge-trash',
    every: { ms: TRASH_SWEEP_EVERY_MS },
    async run() {
      const purged = await d.trash.purgeExpired();
      if (purged) d.log.info({ purged }, 'removed items 30 days after their deletion');
    },
  };
}
