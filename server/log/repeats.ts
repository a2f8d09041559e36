/** How long a repeated line is held back after it was written: a minute. */
export const REPEAT_WINDOW_MS = 60_000;

interface Seen {
  writtenAt: number;
  heldBack: number;
}

/**
 * A line that can come many times a second while something is down (a PostgreSQL outage: every request,
 * every poll of the job worker, every readiness probe) is written once a minute at most, by its key: the
 * first with its error and stack, the next one a minute later saying how many were held back meanwhile.
 */
export class RepeatedLines {
  private readonly seen = new Map<string, Seen>();

  constructor(
    private readonly windowMs = REPEAT_WINDOW_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Whether to write the line of `key` now; `heldBack`: how many were not written since the last one. */
  admit(key: string): { write: boolean; heldBack: number } {
    const now = this.now();
    const seen = this.seen.get(key);
    if (seen && now - seen.writtenAt < this.windowMs) {
      seen.heldBack++;
      return { write: false, heldBack: seen.heldBack };
    }
    const heldBack = seen?.heldBack ?? 0;
    this.seen.set(key, { writtenAt: now, heldBack: 0 });
    return { write: true, heldBack };
  }
}

/** The process's own: one outage is one story whichever part of the process meets it. */
const repeats = new RepeatedLines();

interface Log {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

/**
 * Logs `message` with `err` at `level`, unless a line of the same `key` was written within the minute: then
 * it is only counted, and the next line written says `repeated` (how many were held back).
 */
export function logRepeated(log: Log, level: 'error' | 'warn', key: string, err: unknown, message: string, given = repeats): void {
  const { write, heldBack } = given.admit(key);
  if (!write) return;
  const fields = heldBack > 0 ? { err, repeated: heldBack } : { err };
  log[level](fields, heldBack > 0 ? `${message} (and ${heldBack} more like it in the last minute)` : message);
}

/**
 * A request that met the storage or the database unavailable (its answer: 503, and its own request line): each
 * one gets its line with the cause, the first of a minute with the stack, the others without it (`err` keeps
 * the cause's message and code), so an outage under load writes short lines, not a stack per request.
 */
export function logUnavailable(log: Log, what: string, err: unknown, given = repeats): void {
  const message = `${what} unavailable`;
  const { write, heldBack } = given.admit(message);
  if (write) {
    log.error(heldBack > 0 ? { err, repeated: heldBack } : { err }, message);
    return;
  }
  const e = err as { message?: unknown; code?: unknown; cause?: { message?: unknown } } | null;
  const cause = e?.cause?.message ?? e?.message;
  log.error(
    {
      err: {
        message: String(e?.message ?? err),
        ...(typeof e?.code === 'string' ? { code: e.code } : {}),
        ...(cause !== e?.message ? { cause: String(cause) } : {}),
      },
    },
    message,
  );
}
