import type { AppDeps } from '../deps.ts';
import type { Readiness } from '../health/readiness.ts';
import { AccountAdmin, type AccountAdminDeps } from './account-admin.ts';
import { AuditLog } from './audit.ts';
import { AdminOperations } from './operations.ts';
import { Registration } from './registration.ts';

/** The admin area's services: registration and invitations, the actions on accounts, the server's state, the audit log. */
export interface AdminServices {
  audit: AuditLog;
  registration: Registration;
  accounts: AccountAdmin;
  operations: AdminOperations;
}

/** What the admin services are built from besides the app's dependencies: the other features' steps they take. */
export interface AdminPeers {
  endSessions: (userId: number) => Promise<number>;
  removeAccount: (user: { id: number }) => Promise<void>;
  cancelUpload: (id: string) => Promise<boolean>;
  mail: (to: string, message: { subject: string; text: string }) => Promise<unknown>;
  storeResetToken: AccountAdminDeps['storeResetToken'];
  turnOffTwoFactor: (userId: number) => Promise<void>;
  readiness: Pick<Readiness, 'check'>;
}

export function composeAdmin(deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'storage'>, peers: AdminPeers): AdminServices {
  const { db, clock, config, storage } = deps;
  const audit = new AuditLog({ db, clock });
  const registration = new Registration({ db, clock, config, audit, mail: peers.mail });
  const accounts = new AccountAdmin({
    db,
    clock,
    config,
    audit,
    endSessions: peers.endSessions,
    removeAccount: peers.removeAccount,
    cancelUpload: peers.cancelUpload,
    mail: peers.mail,
    storeResetToken: peers.storeResetToken,
    turnOffTwoFactor: peers.turnOffTwoFactor,
  });
  const operations = new AdminOperations({ db, storage, clock, config, readiness: peers.readiness, registration, audit });
  return { audit, registration, accounts, operations };
}
