import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/kysely.ts';
import type { Job } from '../db/types.ts';
import type { SessionList } from '../auth/session-list.ts';
import { reconcileStorage } from '../storage/reconcile.ts';
import type { ProfileService } from '../profile/service.ts';
import type { Storage } from '../storage/storage.ts';
import { AdminRepository, type UserSummary } from './admin-repository.ts';
import { terminalSafe, terminalSafeLines } from './terminal-text.ts';
import { ApiError } from '../http/errors.ts';
import { normaliseEmail, isEmail } from '../../contract/email.ts';
import { parseSize, registrationModeSchema } from '../../contract/admin.ts';
import { cliActor } from './audit.ts';
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

Every change is written to the admin area's audit log (as "cli").
--json prints what list, show and check find as JSON.`;

/** A refusal the command prints as one line (exit 1), or a usage error (exit 2, with the usage). */
class AdminError extends Error {
  constructor(
    message: string,
    readonly code: 1 | 2 = 1,
  ) {
    super(message);
  }
}

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
  const now = () => ctx.clock.now().toISOString();
  const [group, command, ...rest] = args;
  const arg = (i: number, what: string) => {
    const value = rest[i];
    if (value === undefined) throw new AdminError(`${group} ${command} needs ${what}`, 2);
    return value;
  };
  const userOf = async (email: string) => {
    const user = await repo.userRow(email);
    if (!user) throw new AdminError(`no account with the e-mail ${terminalSafe(email)}`);
    return user;
  };
  const onOff = (i: number) => {
    const value = arg(i, 'on or off');
    if (value !== 'on' && value !== 'off') throw new AdminError(`${group} ${command} takes on or off (given: ${terminalSafe(value)})`, 2);
    return value === 'on';
  };

  switch (`${group ?? ''} ${command ?? ''}`) {
    case 'users list': {
      const users = await repo.users();
      if (json) return ctx.out(JSON.stringify(users.map(userJson), null, 2));
      if (users.length === 0) return ctx.out('No accounts.');
      return table(
        ctx,
        ['ID', 'E-MAIL', 'NAME', 'STATE', 'FILES', 'USED', 'QUOTA', 'SESSIONS', 'CREATED'],
        users.map((u) => [
          String(u.id),
          terminalSafe(u.email),
          terminalSafe(`${u.first_name} ${u.last_name}`.trim()),
          stateOf(u),
          String(u.items),
          bytes(u.bytes),
          quotaText(u.quota_bytes, ctx.config.userQuotaBytes),
          String(u.live_sessions),
          u.created_at.slice(0, 10),
        ]),
      );
    }
    case 'users show': {
      const user = await userOf(arg(0, 'an e-mail'));
      const summary = (await repo.user(user.email))!;
      const details = await repo.details(user.id);
      const detail = {
        ...userJson(summary),
        username: user.username,
        phone: user.phone,
        is_phone_verified: !!user.is_phone_verified,
        two_factor: details.twoFactor,
        by_kind: details.byKind,
        updated_at: user.updated_at,
      };
      if (json) return ctx.out(JSON.stringify(detail, null, 2));
      const lines: [string, string][] = [
        ['id', String(user.id)],
        ['e-mail', `${terminalSafe(user.email)}${user.is_email_verified ? '' : ' (not confirmed)'}`],
        ['name', terminalSafe(`${user.first_name} ${user.last_name}`.trim())],
        ['username', terminalSafe(user.username)],
        ['role', user.is_staff ? 'staff' : 'member'],
        ['phone', user.phone ? `${user.phone}${user.is_phone_verified ? '' : ' (not confirmed)'}` : '—'],
        ['state', stateOf(summary)],
        ['two-step sign-in', details.twoFactor ? 'on' : 'off'],
        ['live sessions', String(summary.live_sessions)],
        ['files', `${summary.items}, ${bytes(summary.bytes)}`],
        ...details.byKind.map((k): [string, string] => [`  ${k.kind}`, `${k.items}, ${bytes(k.bytes)}`]),
        ['quota', quotaText(summary.quota_bytes, ctx.config.userQuotaBytes)],
        ['created', user.created_at],
      ];
      // Each value escaped on its own: a line break in a name must not start a row of its own.
      for (const [name, value] of lines) ctx.out(`${name.padEnd(18)}${terminalSafe(value)}`);
      return;
    }
    case 'users create': {
      const email = normaliseEmail(arg(0, 'an e-mail'));
      if (!isEmail(email)) throw new AdminError(`not an e-mail address: ${terminalSafe(email)}`, 2);
      const [firstName = '', ...rest] = (name ?? '').trim().split(/\s+/);
      const { user, link } = await accounts.create(cliActor, { email, firstName, lastName: rest.join(' '), staff });
      ctx.out(
        `${terminalSafe(user.email)}: created${staff ? ' as staff' : ''}, e-mail confirmed. Hand this link to its owner to set the password (one use, 7 days):`,
      );
      return ctx.out(link);
    }
    case 'users staff': {
      const user = await userOf(arg(0, 'an e-mail'));
      const on = onOff(1);
      await accounts.setStaff(cliActor, user.id, on);
      return ctx.out(`${terminalSafe(user.email)}: ${on ? 'staff (may use the admin area at /admin/)' : 'a member (no admin area)'}.`);
    }
    case 'users disable': {
      const user = await userOf(arg(0, 'an e-mail'));
      const { ended } = await accounts.disable(cliActor, user.id);
      return ctx.out(`${terminalSafe(user.email)}: disabled (sign-in refused), ${ended} session(s) ended; the files stay.`);
    }
    case 'users enable': {
      const user = await userOf(arg(0, 'an e-mail'));
      await accounts.enable(cliActor, user.id);
      return ctx.out(`${terminalSafe(user.email)}: enabled (may sign in again).`);
    }
    case 'users set-quota': {
      const user = await userOf(arg(0, 'an e-mail'));
      const given = arg(1, 'a size (bytes, or 500M, 10G, 1.5T), or none');
      const quota = given === 'none' ? null : parseSize(given);
      if (quota === null && given !== 'none') {
        throw new AdminError(
          `the quota must be a positive whole number of bytes or a size like 500M, 10G, 1.5T, or none (given: ${terminalSafe(given)})`,
          2,
        );
      }
      await accounts.setQuota(cliActor, user.id, quota);
      return ctx.out(`${terminalSafe(user.email)}: quota ${quotaText(quota, ctx.config.userQuotaBytes)}.`);
    }
    case 'users reset-link': {
      const user = await userOf(arg(0, 'an e-mail'));
      const link = await accounts.resetLink(cliActor, user.id, { send: false });
      ctx.out(`${terminalSafe(user.email)}: hand this link to its owner to set a new password (one use, 1 hour):`);
      return ctx.out(link);
    }
    case 'users verify-email': {
      const user = await userOf(arg(0, 'an e-mail'));
      await accounts.verifyEmail(cliActor, user.id);
      return ctx.out(`${terminalSafe(user.email)}: e-mail confirmed.`);
    }
    case 'users 2fa-off': {
      const user = await userOf(arg(0, 'an e-mail'));
      await accounts.twoFactorOff(cliActor, user.id);
      return ctx.out(`${terminalSafe(user.email)}: two-step sign-in off (the password alone signs in); the owner is told by e-mail.`);
    }
    case 'users passkeys-clear': {
      const user = await userOf(arg(0, 'an e-mail'));
      const before = await accounts.get(user.id);
      await accounts.clearWaysIn(cliActor, user.id);
      return ctx.out(
        `${terminalSafe(user.email)}: ${before.passkeys} passkey(s) and ${before.providers} provider link(s) removed; the owner is told by e-mail.`,
      );
    }
    case 'users uploads-cancel': {
      const user = await userOf(arg(0, 'an e-mail'));
      const cancelled = await accounts.cancelUploads(cliActor, user.id);
      return ctx.out(`${terminalSafe(user.email)}: ${cancelled} unfinished upload(s) cancelled.`);
    }
    case 'users delete': {
      const user = await userOf(arg(0, 'an e-mail'));
      await accounts.remove(cliActor, user.id);
      return ctx.out(`${terminalSafe(user.email)}: deleted, with every session; a worker removes its files (the purge-files job).`);
    }
    case 'sessions end': {
      const user = await userOf(arg(0, 'an e-mail'));
      const ended = await accounts.endSessions(cliActor, user.id);
      return ctx.out(`${terminalSafe(user.email)}: ${ended} session(s) ended.`);
    }
    case 'invites create': {
      const given = rest[0];
      const email = given === undefined ? null : normaliseEmail(given);
      if (email !== null && !isEmail(email)) throw new AdminError(`not an e-mail address: ${terminalSafe(email)}`, 2);
      const invite = await registration.createInvite(cliActor, email);
      ctx.out(
        `invitation ${invite.id}${email ? ` for ${terminalSafe(email)} (e-mailed to it)` : ''}: single use, until ${invite.expires_at}. The link (shown once):`,
      );
      return ctx.out(invite.url);
    }
    case 'invites list': {
      const invites = await registration.listInvites();
      if (json) return ctx.out(JSON.stringify(invites, null, 2));
      if (invites.length === 0) return ctx.out('No invitations.');
      return table(
        ctx,
        ['ID', 'FOR', 'STATE', 'MADE', 'UNTIL', 'BY', 'USED BY'],
        invites.map((i) => [
          String(i.id),
          i.email ? terminalSafe(i.email) : 'anyone',
          i.state,
          i.created_at.slice(0, 16),
          i.expires_at.slice(0, 16),
          terminalSafe(i.created_by ?? 'cli'),
          i.used_by ? terminalSafe(i.used_by) : '—',
        ]),
      );
    }
    case 'invites revoke': {
      const given = arg(0, 'an invitation id');
      const id = Number(given);
      if (!Number.isSafeInteger(id) || id <= 0)
        throw new AdminError(`an invitation id is a positive whole number (given: ${terminalSafe(given)})`, 2);
      await registration.revokeInvite(cliActor, id);
      return ctx.out(`invitation ${id}: revoked.`);
    }
    case 'jobs list': {
      const at = now();
      const jobs = await repo.jobs();
      if (json)
        return ctx.out(
          JSON.stringify(
            jobs.map((j) => jobJson(j, at)),
            null,
            2,
          ),
        );
      if (jobs.length === 0) return ctx.out('No jobs.');
      return table(
        ctx,
        ['ID', 'KIND', 'STATE', 'TRIES', 'RECORD', 'DUE', 'LAST ERROR'],
        jobs.map((j) => [
          String(j.id),
          j.kind,
          jobState(j, at),
          String(j.attempts),
          j.media_id === null ? '—' : String(j.media_id),
          j.run_after,
          (j.last_error ?? '').replace(/\s+/g, ' ').slice(0, 80),
        ]),
      );
    }
    case 'jobs retry': {
      const given = arg(0, 'a job id');
      const id = Number(given);
      if (!Number.isSafeInteger(id) || id <= 0) throw new AdminError(`a job id is a positive whole number (given: ${given})`, 2);
      const job = await repo.job(id);
      if (!job) throw new AdminError(`no job ${id}`);
      if (jobState(job, now()) === 'running') throw new AdminError(`job ${id} (${job.kind}) is running now`);
      await operations.retryJob(cliActor, id).catch((err: unknown) => {
        throw err instanceof ApiError ? new AdminError(`job ${id} (${job.kind}) is running now`) : err;
      });
      return ctx.out(`job ${id} (${job.kind}): due now; a worker takes it at its next look (within a second).`);
    }
    case 'storage check': {
      // The work folders of runs that are over are each worker's to sweep (at its start and hourly).
      const report = await reconcileStorage({ db: ctx.db, storage: ctx.storage, clock: ctx.clock }, () => false, { dryRun: true });
      const found = report.found!;
      if (json) return ctx.out(JSON.stringify({ objects: found.objects.sort() }, null, 2));
      if (found.objects.length === 0) return ctx.out('Nothing to remove: every stored file is named by a row.');
      ctx.out(`${found.objects.length} stored file(s) no row names, untouched for an hour (the reconciliation removes them):`);
      for (const key of found.objects.sort()) ctx.out(`  ${key}`);
      return;
    }
    default:
      if (group === 'registration' && rest.length === 0) return registrationCommand(command, ctx);
      throw new AdminError(args.length ? `unknown command: ${terminalSafe(args.join(' '))}` : 'no command given', 2);
  }
}

const stateOf = (u: Pick<UserSummary, 'is_active' | 'is_email_verified'>) =>
  !u.is_active ? 'disabled' : u.is_email_verified ? 'active' : 'unconfirmed';

function userJson(u: UserSummary) {
  return {
    id: u.id,
    email: u.email,
    first_name: u.first_name,
    last_name: u.last_name,
    state: stateOf(u),
    is_staff: !!u.is_staff,
    files: u.items,
    used_bytes: u.bytes,
    quota_bytes: u.quota_bytes,
    live_sessions: u.live_sessions,
    created_at: u.created_at,
  };
}

/** Running: a claim whose lease holds. Failed: its last run failed and it waits for its retry. Waiting: the rest. */
function jobState(j: Job, now: string): 'running' | 'failed' | 'waiting' {
  if (j.lease_until !== null && j.lease_until >= now) return 'running';
  return j.last_error !== null ? 'failed' : 'waiting';
}

const jobJson = (j: Job, now: string) => ({
  id: j.id,
  kind: j.kind,
  state: jobState(j, now),
  attempts: j.attempts,
  media_id: j.media_id,
  run_after: j.run_after,
  last_error: j.last_error,
  created_at: j.created_at,
});

function quotaText(own: number | null, fallback: number | null): string {
  if (own !== null) return bytes(own);
  return fallback === null ? 'none' : `${bytes(fallback)} (USER_QUOTA_BYTES)`;
}

/** 1536 → "1.5 KiB"; exact bytes below 1 KiB. */
export function bytes(n: number): string {
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  if (n < 1024) return `${n} B`;
  let value = n;
  let unit = -1;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** A table's columns padded to their widest cell, as printed (escaped first, so the columns line up). */
function table(ctx: AdminContext, head: string[], given: string[][]): void {
  const rows = given.map((row) => row.map(terminalSafe));
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
  ctx.out(line(head));
  for (const row of rows) ctx.out(line(row));
}

/** `registration` alone shows who may sign up; with a mode, stores it (it wins over REGISTRATION). */
async function registrationCommand(given: string | undefined, ctx: AdminContext): Promise<void> {
  const { registration } = ctx.admin;
  if (given !== undefined) {
    const mode = registrationModeSchema.safeParse(given);
    if (!mode.success) throw new AdminError(`registration is open, invite or closed (given: ${terminalSafe(given)})`, 2);
    await registration.setMode(cliActor, mode.data);
  }
  const settings = await registration.settings();
  const source = settings.registration_source === 'setting' ? 'stored by the admin area or this command' : 'REGISTRATION';
  ctx.out(`registration: ${settings.registration} (${source}; REGISTRATION is ${settings.registration_env}).`);
}
