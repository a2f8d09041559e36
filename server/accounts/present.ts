import type { Clock } from '../clock.ts';
import type { User } from '../db/types.ts';
import { toUserJson, type SignMediaPath, type UserJson } from './user-json.ts';

/** The user as an answer shows it. */
export type PresentUser = (user: User) => UserJson;

/**
 * photo_url is a root-relative signed path, never built from the request's Host (the client writes it); `sign`
 * is media's /media signer (media/files/signing.ts), handed in so that accounts/ does not reach up into media/.
 */
export const userPresenter =
  (clock: Clock, sign: SignMediaPath): PresentUser =>
  (user) =>
    toUserJson(user, { sign, now: clock.now() });
