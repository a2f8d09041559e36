import { ApiError } from '../http/errors.ts';
import { AdminRepository } from './admin-repository.ts';
import { AdminError, type AdminContext, type Command, type CommandRun } from './command.ts';
import { inviteCommands, registrationCommand } from './invite-commands.ts';
import { serverCommands } from './server-commands.ts';
import { terminalSafe, terminalSafeLines } from './terminal-text.ts';
import { userCommands } from './user-commands.ts';

export const USAGE = `Usage: npm run admin -- <command> [--json]

  users list                      every account: state, files, space used, quota, live sessions
  users show EMAIL                one account in detail
  users create EMAIL [--staff] [--name "First Last"]
                                  a new account, e-mail confirmed; prints a one-time link (7 days)
                                  where its owner sets the password
  users staff EMAIL on|off        make the account staff (the admin area at /admin/) or a member
  users disable EMAIL             refuse its sign-in and end every session (its files stay)
  users enable EMAIL              allow its sign-in again
  users set-quota EMAIL SIZE      its own quota: bytes, or 500M, 10G, 1.5T (none: USER_QUOTA_BYTES applies again)
  users reset-link EMAIL          print a one-time link (1 hour) to set a new password
  users verify-email EMAIL        mark its e-mail confirmed
  users 2fa-off EMAIL             turn off its two-step sign-in (the owner is told by e-mail)
  users passkeys-clear EMAIL      remove its passkeys and VK ID / Yandex ID links (the owner is told)
  users uploads-cancel EMAIL      cancel its unfinished uploads
  users delete EMAIL              remove the account and every file of it, trash included
  sessions end EMAIL              end every session of the account (it signs in again)
  invites create [EMAIL]          print an invitation link (single use, 7 days; for EMAIL only if given)
  invites list                    invitations of the last 90 days and their state
  invites revoke ID               end an invitation not used yet
  registration [open|invite|closed]
                                  who may sign up (stored; wins over REGISTRATION); alone: show it
  jobs list                       the job queue: waiting, running, failed (waiting for a retry)
  jobs retry ID                   run a job that is not running now, its tries counted afresh
  storage check                   what the storage reconciliation would remove (nothing is removed)
  version                         this release's version and how far the database's schema is

Every change is written to the admin area's audit log (as "cli").
--json prints what list, show and check find as JSON.`;

/** Every command by its two words, from the tables of its group. */
const COMMANDS = { ...userCommands, ...inviteCommands, ...serverCommands };

/**
 * Runs one admin command; returns the exit code (0 done, 1 refused, 2 a command it does not know). Every
 * line it prints, to either stream, passes terminalSafe: names, e-mails, errors and the like are what users
 * and files wrote, and no control character of theirs reaches the terminal.
 */
export async function runAdmin(argv: string[], given: AdminContext): Promise<number> {
  const ctx: AdminContext = {
    ...given,
    out: (line) => given.out(terminalSafeLines(line)),
    err: (line) => given.err(terminalSafeLines(line)),
  };
  const json = argv.includes('--json');
  const staff = argv.includes('--staff');
  const nameAt = argv.indexOf('--name');
  const name = nameAt >= 0 ? argv[nameAt + 1] : undefined;
  const args = argv.filter((a, i) => a !== '--json' && a !== '--staff' && (nameAt < 0 || (i !== nameAt && i !== nameAt + 1)));
  try {
    if (nameAt >= 0 && (name === undefined || name.startsWith('--'))) throw new AdminError('--name needs a name', 2);
    await dispatch(args, { json, staff, name }, ctx);
    return 0;
  } catch (err) {
    // A refusal of the admin services (the area's Russian wording) is printed as the command's own.
    if (err instanceof ApiError) {
      ctx.err(`admin: ${terminalSafe(err.message)}`);
      return 1;
    }
    if (!(err instanceof AdminError)) throw err;
    ctx.err(`admin: ${err.message}`);
    if (err.code === 2) ctx.err(USAGE);
    return err.code;
  }
}

/** The flags a command may take besides its arguments. */
interface Flags {
  json: boolean;
  staff: boolean;
  name: string | undefined;
}

async function dispatch(args: string[], { json, staff, name }: Flags, ctx: AdminContext): Promise<void> {
  const repo = new AdminRepository(ctx.db);
  const { accounts, registration, operations } = ctx.admin;
  const [group, command, ...rest] = args;
  const arg = (i: number, what: string) => {
    const value = rest[i];
    if (value === undefined) throw new AdminError(`${group} ${command} needs ${what}`, 2);
    return value;
  };
  const key = `${group ?? ''} ${command ?? ''}`;
  const run: CommandRun | undefined = Object.hasOwn(COMMANDS, key) ? COMMANDS[key] : undefined;
  if (run) {
    const words: Command = {
      json,
      staff,
      name,
      rest,
      arg,
      userOf: async (email) => {
        const user = await repo.userRow(email);
        if (!user) throw new AdminError(`no account with the e-mail ${terminalSafe(email)}`);
        return user;
      },
      onOff: (i) => {
        const value = arg(i, 'on or off');
        if (value !== 'on' && value !== 'off')
          throw new AdminError(`${group} ${command} takes on or off (given: ${terminalSafe(value)})`, 2);
        return value === 'on';
      },
      repo,
      now: () => ctx.clock.now().toISOString(),
      accounts,
      registration,
      operations,
    };
    return run(words, ctx);
  }
  if (group === 'registration' && rest.length === 0) return registrationCommand(command, ctx);
  throw new AdminError(args.length ? `unknown command: ${terminalSafe(args.join(' '))}` : 'no command given', 2);
}
