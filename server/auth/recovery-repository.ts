import type { Db } from '../db/kysely.ts';
import { emptyReport, type RecoveryReport } from '../accounts/recovery.ts';
import { UndoLinksRepository } from './undo-links-repository.ts';

/**
 * The SQL of an account recovery (a password change, a reset, «Это был не я»), run inside the transaction
 * that ends the sessions, so nothing slips in between:
 * - with `removeWaysIn` (a reset, «Это был не я»), the passkeys and provider links added since `since` go;
 * - the live share links made since `since` by a session the recovery ends — every session but
 *   `keepSessionId`; a link of unknown session (made before sessions were recorded) counts as such — are
 *   paused: they answer as revoked until the owner turns each back on;
 * - every live «Это был не я» link of the account is retired.
 */
export async function recoverAccount(
  trx: Db,
  userId: number,
  opts: { now: string; since: string; removeWaysIn: boolean; keepSessionId: string | null },
): Promise<RecoveryReport> {
  const report = emptyReport();
  if (opts.removeWaysIn) {
    const passkeys = await trx
      .deleteFrom('passkeys')
      .where('user_id', '=', userId)
      .where('created_at', '>=', opts.since)
      .returning('name')
      .execute();
    report.passkeys = passkeys.map((p) => p.name);
    const links = await trx
      .deleteFrom('oauth_links')
      .where('user_id', '=', userId)
      .where('created_at', '>=', opts.since)
      .returning('provider')
      .execute();
    report.providers = links.map((l) => l.provider);
  }
  const keep = opts.keepSessionId;
  const toPause = await trx
    .selectFrom('shares')
    .leftJoin('media', 'media.id', 'shares.media_id')
    .leftJoin('albums', 'albums.id', 'shares.album_id')
    .select(['shares.id', 'media.title as media_title', 'albums.title as album_title'])
    .where('shares.user_id', '=', userId)
    .where('shares.paused_at', 'is', null)
    .where('shares.created_at', '>=', opts.since)
    .where((eb) => eb.or([eb('shares.expires_at', 'is', null), eb('shares.expires_at', '>', opts.now)]))
    .$if(keep !== null, (q) => q.where((eb) => eb.or([eb('shares.session_id', 'is', null), eb('shares.session_id', '!=', keep!)])))
    .orderBy('shares.id')
    .execute();
  if (toPause.length) {
    await trx
      .updateTable('shares')
      .set({ paused_at: opts.now })
      .where(
        'id',
        'in',
        toPause.map((s) => s.id),
      )
      .execute();
  }
  report.pausedLinks = toPause.map((s) => s.media_title ?? s.album_title ?? '');
  await new UndoLinksRepository(trx).retireAll(userId, opts.now);
  return report;
}
