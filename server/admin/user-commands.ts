import { isEmail, normaliseEmail } from '../../contract/email.ts';
import { parseSize } from '../../contract/admin.ts';
import type { UserSummary } from './admin-repository.ts';
import { cliActor } from './audit.ts';
import { AdminError, type CommandRun } from './command.ts';
import { bytes, table, terminalSafe } from './terminal-text.ts';

/** `users …` and `sessions end`: the accounts, as the admin area's «Пользователи» acts on them. */
export const userCommands: Record<string, CommandRun> = {
  'users list': async ({ json, repo }, ctx) => {
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
  },
  'users show': async ({ arg, json, userOf, repo }, ctx) => {
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
  },
  'users create': async ({ arg, name, staff, accounts }, ctx) => {
    const email = normaliseEmail(arg(0, 'an e-mail'));
    if (!isEmail(email)) throw new AdminError(`not an e-mail address: ${terminalSafe(email)}`, 2);
    const [firstName = '', ...rest] = (name ?? '').trim().split(/\s+/);
    const { user, link } = await accounts.create(cliActor, { email, firstName, lastName: rest.join(' '), staff });
    ctx.out(
      `${terminalSafe(user.email)}: created${staff ? ' as staff' : ''}, e-mail confirmed. Hand this link to its owner to set the password (one use, 7 days):`,
    );
    return ctx.out(link);
  },
  'users staff': async ({ arg, userOf, onOff, accounts }, ctx) => {
    const user = await userOf(arg(0, 'an e-mail'));
    const on = onOff(1);
    await accounts.setStaff(cliActor, user.id, on);
    return ctx.out(`${terminalSafe(user.email)}: ${on ? 'staff (may use the admin area at /admin/)' : 'a member (no admin area)'}.`);
  },
  'users disable': async ({ arg, userOf, accounts }, ctx) => {
    const user = await userOf(arg(0, 'an e-mail'));
    const { ended } = await accounts.disable(cliActor, user.id);
    return ctx.out(`${terminalSafe(user.email)}: disabled (sign-in refused), ${ended} session(s) ended; the files stay.`);
  },
  'users enable': async ({ arg, userOf, accounts }, ctx) => {
    const user = await userOf(arg(0, 'an e-mail'));
    await accounts.enable(cliActor, user.id);
    return ctx.out(`${terminalSafe(user.email)}: enabled (may sign in again).`);
  },
  'users set-quota': async ({ arg, userOf, accounts }, ctx) => {
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
  },
  'users reset-link': async ({ arg, userOf, accounts }, ctx) => {
    const user = await userOf(arg(0, 'an e-mail'));
    const link = await accounts.resetLink(cliActor, user.id, { send: false });
    ctx.out(`${terminalSafe(user.email)}: hand this link to its owner to set a new password (one use, 1 hour):`);
    return ctx.out(link);
  },
  'users verify-email': async ({ arg, userOf, accounts }, ctx) => {
    const user = await userOf(arg(0, 'an e-mail'));
    await accounts.verifyEmail(cliActor, user.id);
    return ctx.out(`${terminalSafe(user.email)}: e-mail confirmed.`);
  },
  'users 2fa-off': async ({ arg, userOf, accounts }, ctx) => {
    const user = await userOf(arg(0, 'an e-mail'));
    await accounts.twoFactorOff(cliActor, user.id);
    return ctx.out(`${terminalSafe(user.email)}: two-step sign-in off (the password alone signs in); the owner is told by e-mail.`);
  },
  'users passkeys-clear': async ({ arg, userOf, accounts }, ctx) => {
    const user = await userOf(arg(0, 'an e-mail'));
    const before = await accounts.get(user.id);
    await accounts.clearWaysIn(cliActor, user.id);
    return ctx.out(
      `${terminalSafe(user.email)}: ${before.passkeys} passkey(s) and ${before.providers} provider link(s) removed; the owner is told by e-mail.`,
    );
  },
  'users uploads-cancel': async ({ arg, userOf, accounts }, ctx) => {
    const user = await userOf(arg(0, 'an e-mail'));
    const cancelled = await accounts.cancelUploads(cliActor, user.id);
    return ctx.out(`${terminalSafe(user.email)}: ${cancelled} unfinished upload(s) cancelled.`);
  },
  'users delete': async ({ arg, userOf, accounts }, ctx) => {
    const user = await userOf(arg(0, 'an e-mail'));
    await accounts.remove(cliActor, user.id);
    return ctx.out(`${terminalSafe(user.email)}: deleted, with every session; a worker removes its files (the purge-files job).`);
  },
  'sessions end': async ({ arg, userOf, accounts }, ctx) => {
    const user = await userOf(arg(0, 'an e-mail'));
    const ended = await accounts.endSessions(cliActor, user.id);
    return ctx.out(`${terminalSafe(user.email)}: ${ended} session(s) ended.`);
  },
};

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

function quotaText(own: number | null, fallback: number | null): string {
  if (own !== null) return bytes(own);
  return fallback === null ? 'none' : `${bytes(fallback)} (USER_QUOTA_BYTES)`;
}
