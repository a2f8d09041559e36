import type { AppDeps } from '../deps.ts';
import type { User } from '../db/types.ts';
import { toUserJson, type UserJson } from './user-json.ts';

/** The user as an answer shows it. */
export type PresentUser = (user: User) => UserJson;

/** photo_url is a root-relative signed path, never built from the request's Host (the client writes it). */
export const userPresenter =
  (deps: Pick<AppDeps, 'config' | 'clock'>): PresentUser =>
  (user) =>
    toUserJson(user, { secret: deps.config.secretKey, now: deps.clock.now() });
