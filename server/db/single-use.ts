import type { ExpressionBuilder } from 'kysely';
import type { DB } from './types.ts';

/**
 * The tables of single-use rows: one-time codes, reset tokens, «Это был не я» links, second-step challenges, started
 * provider sign-ins, links waiting for a password, passkey challenges.
 */
export type SingleUseTable =
  'codes' | 'reset_tokens' | 'undo_links' | 'mfa_challenges' | 'oauth_states' | 'oauth_pending_links' | 'webauthn_challenges';

/** A single-use row still good at `now`: not taken yet, not expired. Taking one sets `used_at` under this same condition. */
export const unusedAt = (now: string) => (eb: ExpressionBuilder<DB, SingleUseTable>) =>
  eb.and([eb('used_at', 'is', null), eb('expires_at', '>', now)]);
