/** The throttles of share links (sliding windows in rate_events, as every throttle; server/throttle/). */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const SHARE_LIMITS = {
  /**
   * Openings of a link (its first page) from one address, whatever link: a person opens a few; someone
   * asking the same big album over and over is slowed down before the server is.
   */
  opensPerIp: { limit: 30, windowMs: MINUTE },
  /** Following pages of albums from one address: an album of 10,000 items is 50 pages, scrolled through. */
  pagesPerIp: { limit: 300, windowMs: MINUTE },
  /** Wrong passwords from one address on one link: that address waits, not the link. */
  passwordFailuresPerIpOnLink: { limit: 5, windowMs: 15 * MINUTE },
  /** Wrong passwords from one address across links. */
  passwordFailuresPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /**
   * Wrong passwords on one link from anywhere: past `free` in the window each further try waits a little
   * longer after the latest failure (2 s, 4 s, … at most a minute) — guessing from many addresses is slowed,
   * and the recipient with the right password waits a minute at worst, never is locked out.
   */
  passwordBackoffPerLink: { free: 10, windowMs: 15 * MINUTE, maxDelayMs: MINUTE },
  /** An opening counts as a view once per address and link in this window (reloads do not inflate it). */
  viewPerIpOnLink: { limit: 1, windowMs: HOUR },
  /** Links with a password made by one user (each costs an argon2 hash). */
  passwordLinksPerUser: { limit: 30, windowMs: HOUR },
} as const;

/** How long a page's `next` cursor lets its holder read on without the password again. */
export const SHARE_CURSOR_TTL_SECONDS = 12 * 60 * 60;
