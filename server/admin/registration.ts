import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/kysely.ts';
import type { User } from '../db/types.ts';
import { detailError, fieldError, notFound } from '../http/errors.ts';
import { enforce } from '../accounts/account-actions.ts';
import { LIMITS } from '../accounts/limits.ts';
import { Throttle } from '../throttle/throttle.ts';
import {
  INVITE_INVALID,
  INVITE_OTHER_EMAIL,
  INVITE_REQUIRED,
  REGISTRATION_CLOSED,
  registrationModeSchema,
  type AdminInvite,
  type AdminSettings,
  type CreatedInvite,
  type InviteState,
  type RegistrationMode,
} from '../../contract/admin.ts';
import type { Actor, AuditLog } from './audit.ts';
import { inviteMessage } from './messages.ts';
import { RegistrationRepository, type InviteListRow, type InviteRow } from './registration-repository.ts';

/** An invitation works for 7 days. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Invitations are listed for 90 days after they were made, and forgotten then once they are over. */
export const INVITE_LISTED_MS = 90 * 24 * 60 * 60 * 1000;

const REGISTRATION_KEY = 'registration';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * What a sign-up was let in with: `settle` runs in the transaction that inserts the account, taking its
 * invitation (a lost race refuses the sign-up) and making the first account of the server staff.
 */
export interface Admission {
  settle(trx: Db, user: User): Promise<void>;
}

/** Who may sign up, decided before an account is made (the e-mail sign-up and a provider's first sign-in). */
export interface RegistrationGate {
  admit(input: { email: string; invite?: string | null }): Promise<Admission>;
}

export interface RegistrationDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'registration' | 'publicUrl'>;
  audit: AuditLog;
  /** Sends an invitation to the address it is for (never fails: delivery logs its failures). */
  mail: (to: string, message: { subject: string; text: string }) => Promise<unknown>;
}

/**
 * Registration: the mode (REGISTRATION, and the admin area's stored setting, which wins), invitations
 * (`/register/#invite=<token>`: single use, 7 days, maybe for one address) and the gate every new account
 * passes. The first account on an empty server always may sign up, and is staff.
 */
export class Registration implements RegistrationGate {
  readonly repo: RegistrationRepository;
  private readonly throttle: Throttle;

  constructor(private readonly d: RegistrationDeps) {
    this.repo = new RegistrationRepository(d.db);
    this.throttle = new Throttle(d.db, d.clock);
  }

  private now = () => this.d.clock.now().toISOString();

  async settings(): Promise<AdminSettings> {
    const stored = registrationModeSchema.safeParse(await this.repo.setting(REGISTRATION_KEY));
    return {
      registration: stored.success ? stored.data : this.d.config.registration,
      registration_env: this.d.config.registration,
      registration_source: stored.success ? 'setting' : 'env',
    };
  }

  async mode(): Promise<RegistrationMode> {
    return (await this.settings()).registration;
  }

  /** What the register screen is told: an empty server is open whatever the mode (its first account is the admin). */
  async publicMode(): Promise<RegistrationMode> {
    return (await this.repo.anyUser()) ? this.mode() : 'open';
  }

  async setMode(actor: Actor, mode: RegistrationMode): Promise<AdminSettings> {
    const before = await this.mode();
    await this.d.db.transaction().execute(async (trx) => {
      await this.repo.putSetting(REGISTRATION_KEY, mode, this.now(), trx);
      await this.d.audit.record(actor, { action: 'settings.registration', details: { from: before, to: mode } }, trx);
    });
    return this.settings();
  }

  async admit({ email, invite }: { email: string; invite?: string | null }): Promise<Admission> {
    if (!(await this.repo.anyUser())) return this.firstAccount();
    const mode = await this.mode();
    if (mode === 'closed') throw detailError(403, REGISTRATION_CLOSED);
    // An invitation is taken whatever the mode when one is given: the link says who asked for the account.
    if (!invite) {
      if (mode === 'invite') throw detailError(403, INVITE_REQUIRED);
      return { settle: async () => {} };
    }
    const row = await this.liveInvite(invite);
    if (!row) throw fieldError('invite', INVITE_INVALID);
    if (row.email !== null && row.email !== email) throw fieldError('email', INVITE_OTHER_EMAIL);
    return {
      settle: async (trx, user) => {
        if (!(await this.repo.takeInvite(row.id, user.id, this.now(), trx))) throw fieldError('invite', INVITE_INVALID);
      },
    };
  }

  /**
   * The server has no account yet: this one is let in, and is staff if it is still the first once
   * inserted (of two sign-ups racing on an empty server, the one with the smaller id).
   */
  private firstAccount(): Admission {
    return {
      settle: async (trx, user) => {
        if ((await this.repo.firstUserId(trx)) === user.id) {
          await this.repo.makeStaff(user.id, trx);
          user.is_staff = 1;
        }
      },
    };
  }

  /**
   * A live invitation by its token: for the register screen, to say so before the form is filled. A wrong
   * token counts as a wrong code from the address (guessing 128 bits is hopeless, but not free).
   */
  async checkInvite(token: string, ip: string): Promise<{ email: string | null; expires_at: string }> {
    const attempt = await this.throttle.reserve([{ key: `code-fail:ip:${ip}`, ...LIMITS.codeFailuresPerIp }]);
    await enforce(attempt);
    const row = await this.liveInvite(token);
    if (!row) throw detailError(404, INVITE_INVALID);
    await attempt.release();
    return { email: row.email, expires_at: row.expires_at };
  }

  private async liveInvite(token: string): Promise<InviteRow | undefined> {
    if (token.length > 512) return undefined;
    const row = await this.repo.inviteByHash(hashToken(token));
    return row && stateOf(row, this.now()) === 'active' ? row : undefined;
  }

  /** A new invitation: its link is in the answer once (only the token's hash is kept), and mailed to its address when it has one. */
  async createInvite(actor: Actor, email: string | null): Promise<CreatedInvite> {
    const token = randomBytes(16).toString('base64url');
    const now = this.d.clock.now();
    const row = await this.d.db.transaction().execute(async (trx) => {
      const inserted = await this.repo.insertInvite(
        {
          token_hash: hashToken(token),
          email,
          created_by: actor.id,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + INVITE_TTL_MS).toISOString(),
        },
        trx,
      );
      await this.d.audit.record(
        actor,
        { action: 'invite.create', targetId: inserted.id, target: email, details: { invite: inserted.id } },
        trx,
      );
      return inserted;
    });
    const url = inviteUrl(this.d.config.publicUrl, token);
    if (email) await this.d.mail(email, inviteMessage(url));
    return {
      ...inviteJson({ ...row, created_by_email: actor.id === null ? null : actor.email, used_by_email: null }, now.toISOString()),
      url,
    };
  }

  async listInvites(): Promise<AdminInvite[]> {
    const now = this.now();
    const since = new Date(this.d.clock.now().getTime() - INVITE_LISTED_MS).toISOString();
    return (await this.repo.listInvites(since)).map((row) => inviteJson(row, now));
  }

  async revokeInvite(actor: Actor, id: number): Promise<void> {
    const row = await this.repo.inviteById(id);
    if (!row) throw notFound();
    await this.d.db.transaction().execute(async (trx) => {
      if (!(await this.repo.revokeInvite(id, this.now(), trx))) throw detailError(400, 'Приглашение уже использовано или отозвано.');
      await this.d.audit.record(actor, { action: 'invite.revoke', targetId: id, target: row.email, details: { invite: id } }, trx);
    });
  }
}

/** Forgets invitations made more than INVITE_LISTED_MS ago that are over (the 'purge-admin-history' job); how many. */
export function purgeOldInvites(db: Db, clock: Clock): Promise<number> {
  return new RegistrationRepository(db).purgeInvites(new Date(clock.now().getTime() - INVITE_LISTED_MS).toISOString());
}

/** `/register/#invite=<token>`: the token travels in the fragment, which no request and no Referer carries. */
export const inviteUrl = (publicUrl: string, token: string) => `${publicUrl}/register/#invite=${token}`;

export function stateOf(row: Pick<InviteRow, 'used_at' | 'revoked_at' | 'expires_at'>, now: string): InviteState {
  if (row.used_at) return 'used';
  if (row.revoked_at) return 'revoked';
  return row.expires_at <= now ? 'expired' : 'active';
}

function inviteJson(row: InviteListRow, now: string): AdminInvite {
  return {
    id: row.id,
    email: row.email,
    state: stateOf(row, now),
    created_at: row.created_at,
    expires_at: row.expires_at,
    created_by: row.created_by_email,
    used_at: row.used_at,
    used_by: row.used_by_email,
  };
}
