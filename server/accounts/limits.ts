/** Throttle policy of the accounts API (sliding windows, persistent in rate_events; attempts are counted before the work). */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const LIMITS = {
  /** A new code or reset message to one address: once a minute and 10 an hour. */
  sendPerTargetMinute: { limit: 1, windowMs: MINUTE },
  sendPerTargetHour: { limit: 10, windowMs: HOUR },
  /** Code/reset messages requested from one IP. */
  sendPerIp: { limit: 50, windowMs: HOUR },
  /** Failed logins per account and per IP. */
  loginFailuresPerAccount: { limit: 5, windowMs: 15 * MINUTE },
  loginFailuresPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Wrong codes / reset attempts from one IP (each code also dies after 5 wrong tries). */
  codeFailuresPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /**
   * Wrong codes looked up without an address ({code} alone), from anywhere. Such a guess matches
   * any live code of the purpose, so no per-code limit applies and the odds grow with pending
   * sign-ups; one budget for everybody bounds them. Our client always sends the address, so only
   * code-only callers ever wait on it.
   */
  codeOnlyFailures: { limit: 10, windowMs: HOUR },
  /** Sign-ups from one IP. */
  registerPerIp: { limit: 30, windowMs: HOUR },
  /** Wrong current password (change password, delete account) per user. */
  passwordFailuresPerUser: { limit: 5, windowMs: 15 * MINUTE },
  /** Wrong codes from the authenticator app or recovery codes per user (login, turning it on or off). */
  secondStepFailuresPerUser: { limit: 5, windowMs: 15 * MINUTE },
  /**
   * Sign-ins started without an account yet (a passkey's challenge — asked at every view of the login
   * page —, a provider's state): each keeps a row for minutes.
   */
  signInStartsPerIp: { limit: 120, windowMs: 15 * MINUTE },
} as const;
