import type { Db } from '../db/kysely.ts';
import type { PersonRow } from '../accounts/person.ts';

/** One partnership as its side sees it: the other account, which way it goes, whether recordings are included. */
export interface PartnershipRow {
  id: number;
  direction: 'shared_by_me' | 'shared_with_me';
  include_audio: number;
  created_at: string;
  other: PersonRow & { email: string };
}

/** Someone who shares their items with the viewer: the partnership, and what a list needs of the sharer. */
export interface SharerRow {
  id: number;
  include_audio: number;
  sharer: PersonRow & { media_version: number };
}

/** All SQL of partners. Every query names the asking account as one of the two sides. */
export class PartnersRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repo: PartnersRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new PartnersRepository(trx)));
  }

  /** The viewer's partnerships both ways, the other account active: those the viewer shares first, each in the order made. */
  async list(viewerId: number): Promise<PartnershipRow[]> {
    const side = (direction: PartnershipRow['direction']) =>
      this.db
        .selectFrom('partners')
        .innerJoin('users', 'users.id', direction === 'shared_by_me' ? 'partners.partner_id' : 'partners.user_id')
        .select([
          'partners.id',
          'partners.include_audio',
          'partners.created_at',
          'users.id as other_id',
          'users.email',
          'users.first_name',
          'users.last_name',
          'users.username',
          'users.photo_key',
        ])
        .where(direction === 'shared_by_me' ? 'partners.user_id' : 'partners.partner_id', '=', viewerId)
        .where('users.is_active', '=', 1)
        .orderBy('partners.id')
        .execute();
    const [byMe, withMe] = await Promise.all([side('shared_by_me'), side('shared_with_me')]);
    const row =
      (direction: PartnershipRow['direction']) =>
      ({ other_id, email, first_name, last_name, username, photo_key, ...p }: (typeof byMe)[number]): PartnershipRow => ({
        ...p,
        direction,
        other: { id: other_id, email, first_name, last_name, username, photo_key },
      });
    return [...byMe.map(row('shared_by_me')), ...withMe.map(row('shared_with_me'))];
  }

  /** Those who share with the viewer (their accounts active), with what a list of the viewer's needs of them. */
  async sharers(viewerId: number): Promise<SharerRow[]> {
    const rows = await this.db
      .selectFrom('partners')
      .innerJoin('users', 'users.id', 'partners.user_id')
      .select([
        'partners.id',
        'partners.include_audio',
        'users.id as sharer_id',
        'users.first_name',
        'users.last_name',
        'users.username',
        'users.photo_key',
        'users.media_version',
      ])
      .where('partners.partner_id', '=', viewerId)
      .where('users.is_active', '=', 1)
      .orderBy('partners.id')
      .execute();
    return rows.map(({ id, include_audio, sharer_id, ...sharer }) => ({ id, include_audio, sharer: { id: sharer_id, ...sharer } }));
  }

  /** How many accounts the user shows their items to. */
  async countSharedBy(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('partners')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The partnership from `userId` to `partnerId`, if any. */
  find(userId: number, partnerId: number) {
    return this.db.selectFrom('partners').selectAll().where('user_id', '=', userId).where('partner_id', '=', partnerId).executeTakeFirst();
  }

  insert(row: { user_id: number; partner_id: number; include_audio: number; created_at: string }) {
    return this.db
      .insertInto('partners')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'partner_id']).doNothing())
      .executeTakeFirst();
  }

  async setIncludeAudio(userId: number, partnerId: number, includeAudio: number): Promise<void> {
    await this.db
      .updateTable('partners')
      .set({ include_audio: includeAudio })
      .where('user_id', '=', userId)
      .where('partner_id', '=', partnerId)
      .execute();
  }

  /** Ends what the viewer shares with `otherId` and/or what `otherId` shares with the viewer; how many ended. */
  async delete(viewerId: number, otherId: number, which: { byMe: boolean; withMe: boolean }): Promise<number> {
    let ended = 0;
    if (which.byMe) {
      const res = await this.db.deleteFrom('partners').where('user_id', '=', viewerId).where('partner_id', '=', otherId).executeTakeFirst();
      ended += Number(res.numDeletedRows);
    }
    if (which.withMe) {
      const res = await this.db.deleteFrom('partners').where('user_id', '=', otherId).where('partner_id', '=', viewerId).executeTakeFirst();
      ended += Number(res.numDeletedRows);
    }
    return ended;
  }
}
