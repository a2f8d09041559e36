import { isEmail, normaliseEmail } from '../../contract/email.ts';
import { registrationModeSchema } from '../../contract/admin.ts';
import { cliActor } from './audit.ts';
import { AdminError, type AdminContext, type CommandRun } from './command.ts';
import { table, terminalSafe } from './terminal-text.ts';

/** `invites …`: invitation links, as the admin area's «Приглашения» makes and ends them. */
export const inviteCommands: Record<string, CommandRun> = {
  'invites create': async ({ rest, registration }, ctx) => {
    const given = rest[0];
    const email = given === undefined ? null : normaliseEmail(given);
    if (email !== null && !isEmail(email)) throw new AdminError(`not an e-mail address: ${terminalSafe(email)}`, 2);
    const invite = await registration.createInvite(cliActor, email);
    ctx.out(
      `invitation ${invite.id}${email ? ` for ${terminalSafe(email)} (e-mailed to it)` : ''}: single use, until ${invite.expires_at}. The link (shown once):`,
    );
    return ctx.out(invite.url);
  },
  'invites list': async ({ json, registration }, ctx) => {
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
  },
  'invites revoke': async ({ arg, registration }, ctx) => {
    const given = arg(0, 'an invitation id');
    const id = Number(given);
    if (!Number.isSafeInteger(id) || id <= 0)
      throw new AdminError(`an invitation id is a positive whole number (given: ${terminalSafe(given)})`, 2);
    await registration.revokeInvite(cliActor, id);
    return ctx.out(`invitation ${id}: revoked.`);
  },
};

/** `registration` alone shows who may sign up; with a mode, stores it (it wins over REGISTRATION). */
export async function registrationCommand(given: string | undefined, ctx: AdminContext): Promise<void> {
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
