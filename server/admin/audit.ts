import type { Clock } from '../clock.ts';
import type { Db } from '../db/kysely.ts';
import type { AuditEntry } from '../../contract/admin.ts';

/** Who did an admin action: a staff member in the area (with the request's address), or the command line. */
export interface Actor {
  id: number | null;
  /** The admin's e-mail; CLI_ACTOR for the command line. */
  email: string;
  ip: string | null;
}

/** How the command line signs its actions in the audit log. */
export const CLI_ACTOR = 'cli';
export const cliActor: Actor = { id: null, email: CLI_ACTOR, ip: null };

/** The admin actions written to the audit log; the area names each in Russian (admin/lib/audit-words.ts). */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.disable',
  'user.enable',
  'user.quota',
  'user.sessions_end',
  'user.reset_link',
  'user.verify_email',
  'user.two_factor_off',
  'user.passkeys_clear',
  'user.staff',
  'user.delete',
  'user.uploads_cancel',
  'upload.cancel',
  'invite.create',
  'invite.revoke',
  'settings.registration',
  'job.retry',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The audit log keeps a year. */
export const AUDIT_KEEP_MS = 365 * 24 * 60 * 60 * 1000;
/** The most entries one page of the log shows. */
export const AUDIT_PAGE = 100;

/** One row of the audit log being written: whom (`targetId`, `target`) and what else is worth knowing. */
export interface AuditRecord {
  action: AuditAction;
  targetId?: number | null;
  target?: string | null;
  details?: Record<string, unknown>;
}

/** The audit log of admin actions: written by every action of the area and of the command line, read in the area. */
export class AuditLog {
  constructor(private readonly d: { db: Db; clock: Clock }) {}

  /** Writes one entry (in `trx` when the action has one, so the entry and the change land together). */
  async record(actor: Actor, entry: AuditRecord, trx: Db = this.d.db): Promise<void> {
    await trx
      .insertInto('admin_audit')
      .values({
        actor_id: actor.id,
        actor_email: actor.email,
        action: entry.action,
        target_id: entry.targetId ?? null,
        target: entry.target ?? null,
        details: JSON.stringify(entry.details ?? {}),
        ip: actor.ip,
        created_at: this.d.clock.now().toISOString(),
      })
      .execute();
  }

  /** The newest entries first, AUDIT_PAGE at a time: `before` is the `next_before` of the page above. */
  async page(before: number | null, limit = AUDIT_PAGE): Promise<{ entries: AuditEntry[]; next_before: number | null }> {
    let q = this.d.db
      .selectFrom('admin_audit')
      .selectAll()
      .where('created_at', '>=', this.oldestKept())
      .orderBy('id', 'desc')
      .limit(limit + 1);
    if (before !== null) q = q.where('id', '<', before);
    const rows = await q.execute();
    const entries = rows.slice(0, limit).map((r) => ({
      id: r.id,
      actor: r.actor_email,
      action: r.action,
      target: r.target,
      details: parseDetails(r.details),
      ip: r.ip,
      created_at: r.created_at,
    }));
    return { entries, next_before: rows.length > limit ? entries[entries.length - 1]!.id : null };
  }

  /** Removes the entries older than a year; how many. */
  async purge(): Promise<number> {
    const res = await this.d.db.deleteFrom('admin_audit').where('created_at', '<', this.oldestKept()).executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  private oldestKept(): string {
    return new Date(this.d.clock.now().getTime() - AUDIT_KEEP_MS).toISOString();
  }
}

function parseDetails(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
