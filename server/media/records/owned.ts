import type { ExpressionBuilder } from 'kysely';
import type { MediaKind } from '../../../contract/media.ts';
import type { DB } from '../../db/types.ts';

/**
 * Where-clauses of media rows by owner, for `.where(…)` on a select, update or delete of `media`. Every query by
 * id also filters by owner: another user's id is simply not found.
 */
type OnMedia = ExpressionBuilder<DB, 'media'>;

/** The owner's rows outside the trash: what lists, reads and edits see (also joined to album_items, whose columns are others). */
export const liveOf = (userId: number) => (eb: OnMedia) => eb.and([eb('user_id', '=', userId), eb('deleted_at', 'is', null)]);

/** The owner's item of that kind outside the trash. */
export const liveItem = (userId: number, kind: MediaKind, id: number) => (eb: OnMedia) =>
  eb.and([eb('id', '=', id), eb('kind', '=', kind), liveOf(userId)(eb)]);

/** The owner's item of that kind in the trash. */
export const trashedItem = (userId: number, kind: MediaKind, id: number) => (eb: OnMedia) =>
  eb.and([eb('id', '=', id), eb('user_id', '=', userId), eb('kind', '=', kind), eb('deleted_at', 'is not', null)]);
