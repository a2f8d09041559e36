import type { Db } from '../../db/kysely.ts';
import type { Media } from '../../db/types.ts';

/** What the date job needs of a photo. */
export type DatedPhotoRow = Pick<Media, 'id' | 'original_key' | 'size' | 'taken_at'>;

/** The SQL of the 'read-photo-dates' job: every photo of every user by id, in the trash or not. */
export class PhotoDatesRepository {
  constructor(private readonly db: Db) {}

  /** Up to `limit` photos with ids above `afterId`, in id order. */
  photosAfter(afterId: number, limit: number): Promise<DatedPhotoRow[]> {
    return this.db
      .selectFrom('media')
      .select(['id', 'original_key', 'size', 'taken_at'])
      .where('kind', '=', 'photo')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Sets a photo's taken_at (a photo deleted meanwhile is simply not there). */
  async setTakenAt(id: number, takenAt: string | null): Promise<void> {
    await this.db.updateTable('media').set({ taken_at: takenAt }).where('id', '=', id).where('kind', '=', 'photo').execute();
  }
}
