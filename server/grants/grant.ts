/**
 * A grant: whose permission a signed link carries, named inside the signed part of the link and
 * checked to be alive every time the link is used (grants.ts), so the link stops the moment the
 * permission does. The kinds:
 * - `session`: the session (refresh family) the link was asked for in, which ends with logout, a password
 *   change or reset, ending it from the list, or the account's deletion;
 * - `share`: a share link (its id), which ends when the link is revoked or expires, its item goes to the
 *   trash or is deleted, its album is deleted, or its owner's account is deleted;
 * - `member`: a member's view of a shared album (the membership's id), with the item the file is of, which
 *   ends when the member leaves or is removed, the item leaves the album or goes to the trash, or the album
 *   or either account goes; without an item, the faces of the album's people (their avatars);
 * - `album`: the owner's view of an item a member added to their album (the album's id and the item), which
 *   ends when the item leaves the album or goes to the trash, or its adder is no longer a member; without an
 *   item, the members' avatars;
 * - `partner`: a partner's view of the sharer's items (the partnership's id and the item), which ends when
 *   either side ends the partnership, the item goes to the trash, or a recording is no longer included;
 *   without an item, the two partners' avatars.
 * Another kind is one more entry here and one more case in Grants.alive().
 */
export type Grant =
  | { kind: 'session'; id: string }
  | { kind: 'share'; id: string }
  | { kind: 'member'; id: string }
  | { kind: 'album'; id: string }
  | { kind: 'partner'; id: string };

export type GrantKind = Grant['kind'];

/** How each kind is written in a link: `<prefix>.<id>`. */
const PREFIXES: Record<GrantKind, string> = { session: 's', share: 'h', member: 'm', album: 'a', partner: 'p' };

/** The ids of every kind: opaque, URL-safe, short. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The grant as the `g` parameter of a signed link. */
export function grantToken(grant: Grant): string {
  return `${PREFIXES[grant.kind]}.${grant.id}`;
}

/** The grant a link's `g` names, or null when it names none (then nothing is granted). */
export function parseGrant(token: string | undefined): Grant | null {
  if (!token) return null;
  const dot = token.indexOf('.');
  const prefix = token.slice(0, dot);
  const id = token.slice(dot + 1);
  if (dot < 1 || !ID.test(id)) return null;
  const kind = (Object.keys(PREFIXES) as GrantKind[]).find((k) => PREFIXES[k] === prefix);
  return kind ? { kind, id } : null;
}

/** The session grant of a request that passed the session guard. */
export const sessionGrant = (sessionId: string): Grant => ({ kind: 'session', id: sessionId });

/** The grant of what a share link hands out. */
export const shareGrant = (shareId: number): Grant => ({ kind: 'share', id: String(shareId) });

/** The id of a grant that names a relation and, for an item's files, the item: `<relation id>-<media id>`, or the relation alone. */
const relationId = (relation: number, mediaId: number | null) => (mediaId === null ? String(relation) : `${relation}-${mediaId}`);

/** A member's grant to one item's files of the album (or, with no item, to the avatars of the album's people). */
export const memberGrant = (membershipId: number, mediaId: number | null): Grant => ({
  kind: 'member',
  id: relationId(membershipId, mediaId),
});

/** The owner's grant to the files of an item a member added to the album (or, with no item, to the members' avatars). */
export const albumGrant = (albumId: number, mediaId: number | null): Grant => ({ kind: 'album', id: relationId(albumId, mediaId) });

/** A partner's grant to one of the sharer's items (or, with no item, to the two partners' avatars). */
export const partnerGrant = (partnershipId: number, mediaId: number | null): Grant => ({
  kind: 'partner',
  id: relationId(partnershipId, mediaId),
});

/** A relation grant's id read back: the relation and the item (null: avatars), or null when it is no such id. */
export function parseRelationId(id: string): { relation: number; mediaId: number | null } | null {
  const m = /^([1-9]\d{0,9})(?:-([1-9]\d{0,9}))?$/.exec(id);
  if (!m) return null;
  return { relation: Number(m[1]), mediaId: m[2] === undefined ? null : Number(m[2]) };
}
