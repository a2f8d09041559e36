import type { User } from '../db/types.ts';

/** What another account is shown by: its name's columns and its avatar. */
export type PersonRow = Pick<User, 'id' | 'first_name' | 'last_name' | 'username' | 'photo_key'>;

/**
 * The name another account is shown under (a shared album's owner, who added an item, a partner): first and
 * last name, else the username, never the e-mail (which only the album's owner and the person see).
 */
export function personName(row: Pick<User, 'first_name' | 'last_name' | 'username'>): string {
  return [row.first_name, row.last_name].filter(Boolean).join(' ').trim() || row.username;
}
