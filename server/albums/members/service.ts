import { ALBUM_MEMBERS_MAX, HOUSEHOLD_MESSAGES, INVITES_PER_HOUR, type AlbumMemberRole } from '../../../contract/household.ts';
import type { Delivery } from '../../accounts/delivery.ts';
import { enforce } from '../../accounts/account-actions.ts';
import { personName } from '../../accounts/person.ts';
import type { Users } from '../../accounts/users.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/kysely.ts';
import { detailError, fieldError, notFound } from '../../http/errors.ts';
import type { Throttle } from '../../throttle/throttle.ts';
import { AlbumsRepository, type AlbumView } from '../repository.ts';
import type { AlbumsService } from '../service.ts';
import { albumSharedMessage } from './messages.ts';
import { MembersRepository, type MemberRow } from './repository.ts';

export interface AlbumMembersDeps {
  db: Db;
  albums: AlbumsService;
  users: Users;
  throttle: Throttle;
  delivery: Delivery;
  clock: Clock;
  publicUrl: string;
}

/** The owner and the members of an album, as its members list shows them. */
export interface AlbumPeople {
  view: AlbumView;
  members: MemberRow[];
}

/** The key under which one account's invitations and partner requests are counted (one limit for both). */
export const inviteKey = (userId: number) => `household-invite:${userId}`;

/**
 * Sharing an album with accounts of this server. The owner invites an account by its e-mail as a viewer or a
 * contributor (it is e-mailed), changes roles and removes members; a member leaves. A member who leaves or is
 * removed takes their items out of the album with them, and every URL they were shown stops at once (their
 * grants are checked on every request). Members see who else shares the album; only the owner manages them.
 * An invitation to an address with no account is 404: counted with the partner requests, 30 an hour, so the
 * answers cannot be used to list the server's accounts.
 */
export class AlbumMembers {
  private readonly repo: MembersRepository;

  constructor(private readonly d: AlbumMembersDeps) {
    this.repo = new MembersRepository(d.db);
  }

  /** The album's owner and members, for its owner or a member (anyone else: 404). */
  async list(viewerId: number, albumId: number): Promise<AlbumPeople> {
    const view = await this.d.albums.view(viewerId, albumId);
    return { view, members: await this.repo.list(albumId) };
  }

  /**
   * Shares the album with the account of `email` in `role` and e-mails it: 404 for an address with no active
   * account, 400 for oneself, an existing member or a full album. The owner only.
   */
  async invite(ownerId: number, albumId: number, email: string, role: AlbumMemberRole): Promise<{ view: AlbumView; member: MemberRow }> {
    const view = await this.owned(ownerId, albumId);
    await enforce(this.d.throttle.hit(inviteKey(ownerId), INVITES_PER_HOUR, 60 * 60 * 1000));
    const user = await this.d.users.byEmail(email);
    if (!user || !user.is_active) throw detailError(404, HOUSEHOLD_MESSAGES.unknownEmail);
    if (user.id === ownerId) throw fieldError('email', HOUSEHOLD_MESSAGES.notYourself);
    const member = await this.repo.transaction(async (repo) => {
      if ((await repo.count(albumId)) >= ALBUM_MEMBERS_MAX) throw fieldError('email', HOUSEHOLD_MESSAGES.tooManyMembers);
      const added = await repo.insert({ album_id: albumId, user_id: user.id, role, created_at: this.d.clock.now().toISOString() });
      if (!added) throw fieldError('email', HOUSEHOLD_MESSAGES.alreadyMember);
      return (await repo.find(albumId, user.id))!;
    });
    const link = `${this.d.publicUrl.replace(/\/$/, '')}/albums/?id=${albumId}`;
    await this.d.delivery.mail(user.email, albumSharedMessage(personName(view.owner), view.title, role, link));
    return { view, member };
  }

  /** Gives a member another role (the owner only; someone who is no member: 404). */
  async setRole(ownerId: number, albumId: number, userId: number, role: AlbumMemberRole): Promise<{ view: AlbumView; member: MemberRow }> {
    const view = await this.owned(ownerId, albumId);
    if (!(await this.repo.setRole(albumId, userId, role))) throw notFound();
    return { view, member: (await this.repo.find(albumId, userId))! };
  }

  /** Ends a membership (the owner only; someone who is no member: 404); the member's items leave the album. */
  async remove(ownerId: number, albumId: number, userId: number): Promise<void> {
    await this.owned(ownerId, albumId);
    if (!(await this.end(albumId, userId))) throw notFound();
  }

  /** The member leaves the album, taking their items out of it (the owner cannot: 400; anyone else: 404). */
  async leave(viewerId: number, albumId: number): Promise<void> {
    const view = await this.d.albums.view(viewerId, albumId);
    if (view.role === 'owner') throw detailError(400, HOUSEHOLD_MESSAGES.ownerCannotLeave);
    if (!(await this.end(albumId, viewerId))) throw notFound();
  }

  /** Ends the membership and takes the member's items out of the album, together. */
  private end(albumId: number, userId: number): Promise<boolean> {
    return this.d.db.transaction().execute(async (trx) => {
      const ended = await new MembersRepository(trx).delete(albumId, userId);
      if (ended) await new AlbumsRepository(trx).removeItemsOf(albumId, userId);
      return ended;
    });
  }

  /** The album if the viewer owns it: a member is refused with 403, anyone else with 404. */
  private async owned(viewerId: number, albumId: number): Promise<AlbumView> {
    const view = await this.d.albums.view(viewerId, albumId);
    if (view.role !== 'owner') throw detailError(403, HOUSEHOLD_MESSAGES.ownerOnly);
    return view;
  }
}
