import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/kysely.ts';
import type { Job } from '../db/types.ts';
import type { SessionList } from '../auth/session-list.ts';
import { reconcileStorage } from '../storage/reconcile.ts';
import type { ProfileService } from '../profile/service.ts';
import type { Storage } from '../storage/storage.ts';
import { AdminRepository, type UserSummary } from './admin-repository.ts';

/** What the admin command works on: the product's own database, storage and services, and where it prints. */
export interface AdminContext {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'dataDir' | 'userQuotaBytes'>;
  clock: Clock;
  profile: Pick<ProfileService, 'removeAccount'>;
  sessions: Pick<SessionList, 'endAll'>;
  out: (line: string) => void;
  err: (line: string) => void;
}

export const USAGE = `Usage: npm run admin -- <command> [--json]

  users list                      every account: state, files, space used, quota, live sessions
  users show EMAIL                one account in detail
  users disable EMAIL             refuse its sign-in and end every session (its files stay)
  users enable EMAIL              allow its sign-in again
  users set-quota EMAIL BYTES     its own quota in bytes (none: USER_QUOTA_BYTES applies again)
  users delete EMAIL              remove the account and every file of it, trash included
  sessions end EMAIL              end every session of the account (it signs in again)
  jobs list                       the job queue: waiting, running, failed (waiting for a retry)
  jobs retry ID                   run a job that is not running now, its tries counted afresh
  storage check                   what the storage reconciliation would remove (nothing is removed)
  version                         this release's version and how far the database's schema is

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

/** Runs one admin command; returns the exit code (0 done, 1 refused, 2 a command it does not know). */
export async function runAdmin(argv: string[], ctx: AdminContext): Promise<number> {
  const json = argv.includes('--json');
  const args = argv.filter((a) => a !== '--json');
  try {
    await dispatch(args, json, ctx);
    return 0;
  } catch (err) {
    if (!(err instanceof AdminError)) throw err;
    ctx.err(`admin: ${err.message}`);
    if (err.code === 2) ctx.err(USAGE);
    return err.code;
  }
}

async function dispatch(args: string[], json: boolean, ctx: AdminContext): Promise<void> {
  const repo = new AdminRepository(ctx.db);
  const now = () => ctx.clock.now().toISOString();
  const [group, command, ...rest] = args;
  const arg = (i: number, what: string) => {
    const value = rest[i];
    if (value === undefined) throw new AdminError(`${group} ${command} needs ${what}`, 2);
    return value;
  };
  const userOf = async (email: string) => {
    const user = await repo.userRow(email);
    if (!user) throw new AdminError(`no account with the e-mail ${email}`);
    return user;
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
          u.email,
          `${u.first_name} ${u.last_name}`.trim(),
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
      const shown = {
        ...userJson(summary),
        username: user.username,
        phone: user.phone,
        is_phone_verified: !!user.is_phone_verified,
        two_factor: details.twoFactor,
        by_kind: details.byKind,
        updated_at: user.updated_at,
      };
      if (json) return ctx.out(JSON.stringify(shown, null, 2));
      const lines: [string, string][] = [
        ['id', String(user.id)],
        ['e-mail', `${user.email}${user.is_email_verified ? '' : ' (not confirmed)'}`],
        ['name', `${user.first_name} ${user.last_name}`.trim()],
        ['username', user.username],
        ['phone', user.phone ? `${user.phone}${user.is_phone_verified ? '' : ' (not confirmed)'}` : '—'],
        ['state', stateOf(summary)],
        ['two-step sign-in', details.twoFactor ? 'on' : 'off'],
        ['live sessions', String(summary.live_sessions)],
        ['files', `${summary.items}, ${bytes(summary.bytes)}`],
        ...details.byKind.map((k): [string, string] => [`  ${k.kind}`, `${k.items}, ${bytes(k.bytes)}`]),
        ['quota', quotaText(summary.quota_bytes, ctx.config.userQuotaBytes)],
        ['created', user.created_at],
      ];
      for (const [name, value] of lines) ctx.out(`${name.padEnd(18)}${value}`);
      return;
    }
    case 'users disable': {
      const user = await userOf(arg(0, 'an e-mail'));
      await repo.setActive(user.id, false, now());
      const ended = await ctx.sessions.endAll(user.id);
      return ctx.out(`${user.email}: disabled (sign-in refused), ${ended} session(s) ended; the files stay.`);
    }
    case 'users enable': {
      const user = await userOf(arg(0, 'an e-mail'));
      await repo.setActive(user.id, true, now());
      return ctx.out(`${user.email}: enabled (may sign in again).`);
    }
    case 'users set-quota': {
      const user = await userOf(arg(0, 'an e-mail'));
      const given = arg(1, 'a number of bytes, or none');
      const quota = given === 'none' ? null : Number(given);
      if (quota !== null && !(Number.isSafeInteger(quota) && quota > 0)) {
        throw new AdminError(`the quota must be a positive whole number of bytes, or none (given: ${given})`, 2);
      }
      await repo.setQuota(user.id, quota, now());
      return ctx.out(`${user.email}: quota ${quotaText(quota, ctx.config.userQuotaBytes)}.`);
    }
    case 'users delete': {
      const user = await userOf(arg(0, 'an e-mail'));
      await ctx.profile.removeAccount(user);
      return ctx.out(`${user.email}: deleted, with every session; a worker removes its files (the purge-files job).`);
    }
    case 'sessions end': {
      const user = await userOf(arg(0, 'an e-mail'));
      const ended = await ctx.sessions.endAll(user.id);
      return ctx.out(`${user.email}: ${ended} session(s) ended.`);
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
      if (!(await repo.retryJob(id, now()))) throw new AdminError(`job ${id} (${job.kind}) is running now`);
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
      throw new AdminError(args.length ? `unknown command: ${args.join(' ')}` : 'no command given', 2);
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

function table(ctx: AdminContext, head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
  ctx.out(line(head));
  for (const row of rows) ctx.out(line(row));
}
