import type { Db } from '../../db/kysely.ts';
import type { Media } from '../../db/types.ts';

/** What the tag job needs of a recording. */
export type TaggedRecordingRow = Pick<Media, 'id' | 'original_key' | 'mime_type' | 'playable_key'>;

/** The SQL of the 'strip-audio-tags' job: every processed recording of every user by id, in the trash or not. */
export class AudioTagsRepository {
  constructor(private readonly db: Db) {}

  /** Up to `limit` ready recordings with ids above `afterId`, in id order. */
  recordingsAfter(afterId: number, limit: number): Promise<TaggedRecordingRow[]> {
    return this.db
      .selectFrom('media')
      .select(['id', 'original_key', 'mime_type', 'playable_key'])
      .where('kind', '=', 'audio')
      .where('status', '=', 'ready')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /**
   * Names `key` (`size` bytes) as the recording's MP3, only while the row is still as it was read (not
   * trimmed, reprocessed or deleted meanwhile); whether it did.
   */
  async swapPlayable(row: TaggedRecordingRow, key: string, size: number): Promise<boolean> {
    const result = await this.db
      .updateTable('media')
      .set({ playable_key: key, playable_mime: 'audio/mpeg', renditions_size: size })
      .where('id', '=', row.id)
      .where('kind', '=', 'audio')
      .where('status', '=', 'ready')
      .where('original_key', '=', row.original_key)
      .where((eb) => (row.playable_key === null ? eb('playable_key', 'is', null) : eb('playable_key', '=', row.playable_key)))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
