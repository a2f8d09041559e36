import type { Db } from '../../db/kysely.ts';
import { MEDIA_KINDS, type MediaKind } from '../../../contract/media.ts';

/**
 * Which row a stored key belongs to. All SQL of that question: a record's files (`u/<id>/<kind>/…`)
 * are its own columns, an avatar (`u/<id>/avatar/…`) is its user's photo_key.
 */
export class StoredKeyOwnersRepository {
  constructor(private readonly db: Db) {}

  /**
   * True while a row outside the trash names `key` as one of its files. The owner's id and the kind
   * come from the key, so the look-up stays within one user's records of one kind (their index).
   */
  async isReferenced(key: string): Promise<boolean> {
    const owner = ownerOf(key);
    if (!owner) return false;
    const { userId, area } = owner;
    if (area === 'avatar') {
      const user = await this.db.selectFrom('users').select('id').where('id', '=', userId).where('photo_key', '=', key).executeTakeFirst();
      return !!user;
    }
    if (!MEDIA_KINDS.includes(area as MediaKind)) return false;
    const row = await this.db
      .selectFrom('media')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', area as MediaKind)
      .where('deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('original_key', '=', key),
          eb('playable_key', '=', key),
          eb('thumbnail_key', '=', key),
          eb('preview_key', '=', key),
          eb('poster_key', '=', key),
        ]),
      )
      .executeTakeFirst();
    return !!row;
  }

  /** True while an item in the trash names `key` as its thumbnail or poster (what the trash shows of it). */
  async isTrashedPreview(key: string): Promise<boolean> {
    const owner = ownerOf(key);
    if (!owner || !MEDIA_KINDS.includes(owner.area as MediaKind)) return false;
    const row = await this.db
      .selectFrom('media')
      .select('id')
      .where('user_id', '=', owner.userId)
      .where('kind', '=', owner.area as MediaKind)
      .where('deleted_at', 'is not', null)
      .where((eb) => eb.or([eb('thumbnail_key', '=', key), eb('poster_key', '=', key)]))
      .executeTakeFirst();
    return !!row;
  }
}

/** The user and the area (a kind, `avatar`) a key is under (`u/<id>/<area>/…`), or null. */
function ownerOf(key: string): { userId: number; area: string | undefined } | null {
  const [u, id, area] = key.split('/');
  const userId = Number(id);
  if (u !== 'u' || !/^\d{1,15}$/.test(id ?? '') || !Number.isSafeInteger(userId)) return null;
  return { userId, area };
}
