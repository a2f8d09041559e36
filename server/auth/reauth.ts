import type { Clock } from '../clock.ts';
import type { AccountActions } from '../accounts/account-actions.ts';
import type { User } from '../db/types.ts';
import { notAuthenticated } from '../http/errors.ts';
import type { AuthRepository } from './repository.ts';

/** What a re-confirmation with a passkey needs from the passkeys feature (compose.ts wires it). */
export interface PasskeyProof {
  /** The options for navigator.credentials.get() with the owner's own keys; refused from another address than PUBLIC_URL. */
  options(user: User, origin: string | undefined): Promise<Record<string, unknown>>;
  /** Checks the browser's answer (as the request carried it) was signed by one of the owner's keys; throws a 400 otherwise. */
  confirm(user: User, answer: unknown): Promise<void>;
}

export interface ReauthDeps {
  repo: AuthRepository;
  actions: AccountActions;
  passkeys: PasskeyProof;
  clock: Clock;
}

/**
 * Re-confirming the sign-in of the session in use (POST /api/auth/reauth/): the current password, or an
 * assertion of one of the owner's passkeys. Either stamps the session's `reauth_at`, and for the next
 * 30 minutes (REAUTH_WINDOW_S) that session may do what needs a recent sign-in (recent-sign-in.ts). Wrong
 * passwords and passkey failures count against the owner as every current-password check does.
 */
export class Reauth {
  constructor(private readonly d: ReauthDeps) {}

  async withPassword(user: User, sessionId: string | null, password: string | undefined): Promise<void> {
    await this.d.actions.confirmPassword(user, password);
    await this.stamp(user, sessionId);
  }

  async withPasskey(user: User, sessionId: string | null, answer: unknown): Promise<void> {
    await this.d.passkeys.confirm(user, answer);
    await this.stamp(user, sessionId);
  }

  passkeyOptions(user: User, origin: string | undefined) {
    return this.d.passkeys.options(user, origin);
  }

  private async stamp(user: User, sessionId: string | null): Promise<void> {
    if (!sessionId || !(await this.d.repo.stampReauth(user.id, sessionId, this.d.clock.now().toISOString()))) throw notAuthenticated();
  }
}
