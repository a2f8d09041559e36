import { createHash, randomBytes } from 'node:crypto';

/**
 * «Это был не я»: a link mailed with a change to the account's sign-in that the owner may not have
 * made, which undoes it. 32 random bytes (base64url), stored as their SHA-256, live 7 days, used once.
 * The token travels in the page's URL fragment (never sent to a server, so in no log or Referer) and
 * from there in a request body.
 */
export const UNDO_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The web app's page that reads the token from the fragment and asks for the undo. */
export const UNDO_PAGE_PATH = '/not-me/';

export function newUndoToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashUndoToken(token) };
}

export const hashUndoToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The link as the e-mail carries it. */
export const undoLink = (publicUrl: string, token: string) => `${publicUrl}${UNDO_PAGE_PATH}#${token}`;
