import { NETWORK_ERROR_CODES } from '../network-errors.ts';

/**
 * Whether an error says the database could not be reached or used for a while (restarting, failing over,
 * refusing connections, a file locked for too long), rather than that a query was wrong: the server's
 * trouble, which passes. Requests that meet it answer 503 with Retry-After, and jobs are tried again later
 * without holding it against their input.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message, syscall } = e as { code?: unknown; message?: unknown; syscall?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || code.startsWith('SQLITE_IOERR'))) return true;
    // A network code counts only on a socket call of ours (connect, read, write: pg's connection to the
    // server). A request whose client hung up mid-body fails with "aborted" and ECONNRESET too, without
    // one: that is the client's doing, not the database's.
    if (typeof code === 'string' && typeof syscall === 'string' && NETWORK_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

const UNAVAILABLE_CODES = new Set([
  // PostgreSQL: the server is shutting down or starting up, or has too many connections (class 08,
  // connection exceptions, is matched by its prefix).
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / shutting down
  '53300', // too_many_connections
  // SQLite: the file stayed locked past busy_timeout, or cannot be read or written (SQLITE_IOERR_* by prefix).
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_FULL',
  'SQLITE_CANTOPEN',
]);

/** The network towards it (on a socket call of ours). */
const NETWORK_CODES = new Set(NETWORK_ERROR_CODES);

/** pg's own words for a connection that went away or could not be had in time. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  // The database is closed to connections for maintenance (ALLOW_CONNECTIONS false).
  'is not currently accepting connections',
];

/** Runs `write`, trying it again every half second while the database is unavailable, for up to `withinMs`. */
export async function whileDatabaseDown<T>(withinMs: number, write: () => Promise<T>): Promise<T> {
  const until = performance.now() + withinMs;
  for (;;) {
    try {
      return await write();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || performance.now() + 500 > until) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
