import { HOUSEHOLD_MESSAGES, INVITES_PER_HOUR, PARTNERS_MAX } from '../../contract/household.ts';
import type { MediaKind } from '../../contract/media.ts';
import type { Delivery } from '../accounts/delivery.ts';
import { enforce } from '../accounts/account-actions.ts';
import { personName } from '../accounts/person.ts';
import type { Users } from '../accounts/users.ts';
import type { Clock } from '../clock.ts';
import type { User } from '../db/types.ts';
import { detailError, fieldError, notFound } from '../http/errors.ts';
import { partnerGrant } from '../grants/grant.ts';
import type { OtherOwner, OtherOwners } from '../media/records/others.ts';
import type { Throttle } from '../throttle/throttle.ts';
import { inviteKey } from '../albums/members/service.ts';
import { partnerAddedMessage } from './messages.ts';
import type { PartnershipRow, PartnersRepository } from './repository.ts';

export interface PartnersDeps {
  repo: PartnersRepository;
  users: Users;
  throttle: Throttle;
  delivery: Delivery;
  clock: Clock;
  publicUrl: string;
}

/** Which side of a partnership DELETE /api/partners/{user_id}/ ends: both when not said. */
export type PartnerSide = 'shared_by_me' | 'shared_with_me' | 'both';

/**
 * Partner sharing: an account shows all its photos and videos (and its recordings when it says so) to another
 * account of this server, read-only, in that account's lists and timeline with `?with_partners=1`, marked as
 * its own. Either side ends it at once: the lists move (list-cache.ts) and every URL it handed out stops
 * (the partner grant is checked on every request). A request to an address with no account is 404, counted
 * with the album invitations, 30 an hour.
 */
export class Partners implements OtherOwners {
  constructor(private readonly d: PartnersDeps) {}

  list(viewerId: number): Promise<PartnershipRow[]> {
    return this.d.repo.list(viewerId);
  }

  /**
   * Shows the viewer's items to the account of `email` (e-mailed to it the first time); again, it changes
   * whether recordings are included. 404 for an address with no active account, 400 for oneself or past
   * PARTNERS_MAX.
   */
  async share(viewer: User, email: string, includeAudio: boolean): Promise<{ row: PartnershipRow; created: boolean }> {
    await enforce(this.d.throttle.hit(inviteKey(viewer.id), INVITES_PER_HOUR, 60 * 60 * 1000));
    const other = await this.d.users.byEmail(email);
    if (!other || !other.is_active) throw detailError(404, HOUSEHOLD_MESSAGES.unknownEmail);
    if (other.id === viewer.id) throw fieldError('email', HOUSEHOLD_MESSAGES.notYourself);
    const audio = includeAudio ? 1 : 0;
    const created = await this.d.repo.transaction(async (repo) => {
      if (await repo.find(viewer.id, other.id)) {
        await repo.setIncludeAudio(viewer.id, other.id, audio);
        return false;
      }
      if ((await repo.countSharedBy(viewer.id)) >= PARTNERS_MAX) throw fieldError('email', HOUSEHOLD_MESSAGES.tooManyPartners);
      await repo.insert({ user_id: viewer.id, partner_id: other.id, include_audio: audio, created_at: this.d.clock.now().toISOString() });
      return true;
    });
    if (created) {
      const link = `${this.d.publicUrl.replace(/\/$/, '')}/photos/`;
      await this.d.delivery.mail(other.email, partnerAddedMessage(personName(viewer), includeAudio, link));
    }
    const row = (await this.d.repo.list(viewer.id)).find((p) => p.direction === 'shared_by_me' && p.other.id === other.id);
    if (!row) throw notFound(); // the other account was removed meanwhile
    return { row, created };
  }

  /** Ends sharing with `otherId` on the side named (both when not said); 404 when there was none. */
  async end(viewerId: number, otherId: number, side: PartnerSide): Promise<void> {
    const ended = await this.d.repo.delete(viewerId, otherId, {
      byMe: side !== 'shared_with_me',
      withMe: side !== 'shared_by_me',
    });
    if (!ended) throw notFound();
  }

  /** Those who show the viewer their items of `kind` (recordings only where they chose to), for the viewer's lists. */
  async of(viewerId: number, kind: MediaKind): Promise<OtherOwner[]> {
    const rows = await this.d.repo.sharers(viewerId);
    return rows
      .filter((p) => kind !== 'audio' || p.include_audio === 1)
      .map((p) => {
        const name = personName(p.sharer);
        return {
          id: p.sharer.id,
          name,
          version: Number(p.sharer.media_version),
          tag: JSON.stringify([p.id, p.sharer.id, name, p.include_audio]),
          grant: (mediaId: number) => partnerGrant(p.id, mediaId),
        };
      });
  }
}
