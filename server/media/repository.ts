import { sql, type Updateable } from 'kysely';
import type { Db } from '../db/kysely.ts';
import type { Media, MediaTable, NewMedia } from '../db/types.ts';

export type MediaPatch = Updateable<MediaTable>;

/** All SQL for media rows. Every query by id also filters by owner: another user's id is simply not found. */
export class MediaRepository {
  constructor(private readonly db: Db) {}

  list(userId: number, kind: string, order: 'created' | 'taken'): Promise<Media[]> {
    const q = this.db.selectFrom('media').selectAll().where('user_id', '=', userId).where('kind', '=', kind);
    const ordered =
      order === 'taken'
        ? q.orderBy(sql`coalesce(taken_at, created_at)`, 'desc').orderBy('id', 'desc')
        : q.orderBy('created_at', 'desc').orderBy('id', 'desc');
    return ordered.execute();
  }

  findOwned(userId: number, kind: string, id: number): Promise<Media | undefined> {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .executeTakeFirst();
  }

  findById(id: number): Promise<Media | undefined> {
    return this.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
  }

  insert(row: NewMedia): Promise<Media> {
    return this.db.insertInto('media').values(row).returningAll().executeTakeFirstOrThrow();
  }

  updateOwned(userId: number, kind: string, id: number, patch: MediaPatch): Promise<Media | undefined> {
    return this.db
      .updateTable('media')
      .set(patch)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .returningAll()
      .executeTakeFirst();
  }

  /** Sets processing results; undefined when the row was deleted meanwhile. */
  update(id: number, patch: MediaPatch): Promise<Media | undefined> {
    return this.db.updateTable('media').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
  }

  deleteOwned(userId: number, kind: string, id: number): Promise<Media | undefined> {
    return this.db
      .deleteFrom('media')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .returningAll()
      .executeTakeFirst();
  }

  /** Rows a previous process left half-done (crash or restart during a background job). */
  listProcessing(): Promise<Media[]> {
    return this.db.selectFrom('media').selectAll().where('status', '=', 'processing').orderBy('id').execute();
  }
}
