import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/kysely.ts';
import type { User } from '../db/types.ts';
import type { SessionList } from '../auth/session-list.ts';
import type { ProfileService } from '../profile/service.ts';
import type { Storage } from '../storage/storage.ts';
import type { AdminRepository } from './admin-repository.ts';
import type { AdminServices } from './services.ts';

/** What the admin command works on: the product's own database, storage and services, and where it prints. */
export interface AdminContext {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'dataDir' | 'userQuotaBytes'>;
  clock: Clock;
  profile: Pick<ProfileService, 'removeAccount'>;
  sessions: Pick<SessionList, 'endAll'>;
  /** The admin area's services: the command line makes the same changes, written to the same audit log. */
  admin: AdminServices;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** A refusal the command prints as one line (exit 1), or a usage error (exit 2, with the usage). */
export class AdminError extends Error {
  constructor(
    message: string,
    readonly code: 1 | 2 = 1,
  ) {
    super(message);
  }
}

/**
 * One command as typed, for its group's table (user-commands.ts, invite-commands.ts, server-commands.ts): its
 * arguments and flags, how to read them (a missing or wrong one is a usage error), and what every command uses.
 */
export interface Command {
  json: boolean;
  staff: boolean;
  name: string | undefined;
  /** The words after the group and the command. */
  rest: string[];
  /** The i-th of them (`what` names it in the usage error when it is missing). */
  arg: (i: number, what: string) => string;
  /** The account with this e-mail (a refusal when there is none). */
  userOf: (email: string) => Promise<User>;
  /** The i-th word as on (true) or off (false). */
  onOff: (i: number) => boolean;
  repo: AdminRepository;
  /** The clock's now, as stored. */
  now: () => string;
  accounts: AdminServices['accounts'];
  registration: AdminServices['registration'];
  operations: AdminServices['operations'];
}

/** What a command does, given its words and the context. */
export type CommandRun = (command: Command, ctx: AdminContext) => Promise<void>;
