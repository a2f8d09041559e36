import type { Db } from '../../db/kysely.ts';
import type { AlbumRole } from '../../db/types.ts';
import type { PersonRow } from '../../accounts/person.ts';

/** A member of an album with the account they are. */
export interface MemberRow {
  id: number;
  album_id: number;
  role: AlbumRole;
  created_at: string;
  user: PersonRow & { email: string };
}

/** All SQL of album members. Every query names the album: a member of another album is not found. */
export class MembersRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repo: MembersRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new MembersRepository(trx)));
  }

  /** The album's members, in the order invited (their accounts active). */
  async list(albumId: number, userId?: number): Promise<MemberRow[]> {
    const rows = await this.db
      .selectFrom('album_members')
      .innerJoin('users', 'users.id', 'album_members.user_id')
      .select([
        'album_members.id',
        'album_members.album_id',
        'album_members.role',
        'album_members.created_at',
        'users.id as user_id',
        'users.email',
        'users.first_name',
        'users.last_name',
        'users.username',
        'users.photo_key',
      ])
      .where('album_members.album_id', '=', albumId)
      .where('users.is_active', '=', 1)
      .$if(userId !== undefined, (q) => q.where('album_members.user_id', '=', userId!))
      .orderBy('album_members.id')
      .execute();
    return rows.map(({ user_id, email, first_name, last_name, username, photo_key, ...member }) => ({
      ...member,
      user: { id: user_id, email, first_name, last_name, username, photo_key },
    }));
  }

  async find(albumId: number, userId: number): Promise<MemberRow | undefined> {
    return (await this.list(albumId, userId))[0];
  }

  async count(albumId: number): Promise<number> {
    const row = await this.db
      .selectFrom('album_members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('album_id', '=', albumId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Adds the member; false when they already are one (the pair is unique). */
  async insert(row: { album_id: number; user_id: number; role: AlbumRole; created_at: string }): Promise<boolean> {
    const res = await this.db
      .insertInto('album_members')
      .values(row)
      .onConflict((oc) => oc.columns(['album_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async setRole(albumId: number, userId: number, role: AlbumRole): Promise<boolean> {
    const res = await this.db
      .updateTable('album_members')
      .set({ role })
      .where('album_id', '=', albumId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Ends the membership; false when there was none. */
  async delete(albumId: number, userId: number): Promise<boolean> {
    const res = await this.db.deleteFrom('album_members').where('album_id', '=', albumId).where('user_id', '=', userId).executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }
}
