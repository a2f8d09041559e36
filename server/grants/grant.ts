/**
 * A grant: whose permission a signed link carries, named inside the signed part of the link and
 * checked to be alive every time the link is used (grants.ts), so the link stops the moment the
 * permission does. Two kinds: the session (refresh family) the link was asked for in, which ends with
 * logout, a password change or reset, ending it from the list, or the account's deletion; and a share
 * link (its id), which ends when the link is revoked or expires, its item goes to the trash or is
 * deleted, its album is deleted, or its owner's account is deleted. Another kind is one more entry here
 * and one more case in Grants.alive().
 */
export type Grant = { kind: 'session'; id: string } | { kind: 'share'; id: string };

export type GrantKind = Grant['kind'];

/** How each kind is written in a link: `<prefix>.<id>`. */
const PREFIXES: Record<GrantKind, string> = { session: 's', share: 'h' };

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
