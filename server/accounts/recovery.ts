import type { OAuthProviderId } from '../db/tables/accounts.ts';

/**
 * Account recovery: a password change, a reset (by the e-mail link or an SMS code) and «Это был не я» end
 * the other sessions; a reset and «Это был не я» also remove the passkeys and provider links added in the
 * 30 days before; each pauses the share links made in those 30 days by a session it ended. The mail after
 * it lists what it took back (RecoveryReport).
 */

/** What an account recovery took back, for the mail after it. */
export interface RecoveryReport {
  /** The names of the passkeys removed. */
  passkeys: string[];
  /** The providers unlinked. */
  providers: OAuthProviderId[];
  /** The titles of what the paused share links showed. */
  pausedLinks: string[];
}

/** How far back a recovery looks: what was added or made in the 30 days before it. */
export const RECOVERY_LOOKBACK_MS = 30 * 24 * 60 * 60 * 1000;

export const emptyReport = (): RecoveryReport => ({ passkeys: [], providers: [], pausedLinks: [] });
