import type { Clock } from '../clock.ts';
import type { Db } from '../db/kysely.ts';
import type { JobLog } from '../jobs/log.ts';
import type { JobDefinition } from '../jobs/job.ts';
import { AuditLog } from './audit.ts';
import { purgeOldInvites } from './registration.ts';

/** The audit log keeps a year, and invitations long over are forgotten: checked daily. */
export const ADMIN_HISTORY_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * The 'purge-admin-history' job: the audit log's entries over a year old, and the invitations over and made
 * more than 90 days ago, go. A recurring one, daily, one run whatever the number of processes.
 */
export function adminHistoryJob(d: { db: Db; clock: Clock; log: JobLog }): JobDefinition {
  const audit = new AuditLog({ db: d.db, clock: d.clock });
  return {
    kind: 'purge-admin-history',
    every: { ms: ADMIN_HISTORY_EVERY_MS },
    async run() {
      const entries = await audit.purge();
      const invites = await purgeOldInvites(d.db, d.clock);
      if (entries || invites) d.log.info({ entries, invites }, 'forgot audit entries over a year old and invitations long over');
    },
  };
}
