/**
 * An ordered list of ways to make one request (the PATCH and DELETE fallbacks of media edits and deletes).
 * The next way is tried only when the previous one failed for a transport or method reason
 * (network error, 405 Method Not Allowed, 415 Unsupported Media Type, 501 Not Implemented) —
 * a 4xx about the data (400, 403, 404…) stops at once: another encoding would not change the answer.
 */

export interface Strategy<T> {
  /** Short human label for the failure message, e.g. 'PATCH form-urlencoded'. */
  label: string;
  run: () => Promise<T>;
}

export interface AttemptRecord {
  label: string;
  /** HTTP status, or null when no answer came (network error). */
  status: number | null;
}

/** Thrown by strategies that do not go through ky (native fetch) so their status is readable the same way. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown = null,
  ) {
    super(`HTTP ${status}`);
    this.name = 'HttpStatusError';
  }
}

export class FallbackError extends Error {
  constructor(
    message: string,
    readonly attempts: AttemptRecord[],
    /** The error of the last attempt. */
    readonly lastError: unknown,
    /** True when the chain stopped early on a data error rather than running out of ways. */
    readonly stoppedOnDataError: boolean,
  ) {
    super(message);
    this.name = 'FallbackError';
  }
}

/** Status codes after which another way of sending the same request may work. */
export const RETRIABLE_STATUSES: ReadonlySet<number> = new Set([405, 415, 501]);

/** HTTP status of a thrown error: ky's HTTPError (`error.response.status`), HttpStatusError, or null for network/unknown. */
export function statusOf(error: unknown): number | null {
  if (error && typeof error === 'object') {
    const e = error as { status?: unknown; response?: { status?: unknown } };
    if (e.response && typeof e.response.status === 'number') return e.response.status;
    if (typeof e.status === 'number') return e.status;
  }
  return null;
}

/** True when the failure says nothing about the data: no answer at all, or the method/encoding was refused. */
export function isRetriable(error: unknown): boolean {
  if (error && typeof error === 'object' && (error as { name?: string }).name === 'AbortError') return false;
  const status = statusOf(error);
  return status === null || RETRIABLE_STATUSES.has(status);
}

/** 'PATCH form-urlencoded — 405; PATCH multipart — нет ответа' */
export function describeAttempts(attempts: readonly AttemptRecord[]): string {
  return attempts.map((a) => `${a.label} — ${a.status === null ? 'нет ответа' : a.status}`).join('; ');
}

/**
 * Runs strategies in order; resolves with the first success. On failure throws FallbackError whose
 * message is `${prefix}${reason}` — reason is `detailOf(lastError)` when given and known, then the attempts list.
 */
export async function runStrategies<T>(
  strategies: readonly Strategy<T>[],
  options: { prefix?: string; detailOf?: (error: unknown) => Promise<string | null> | string | null } = {},
): Promise<T> {
  const attempts: AttemptRecord[] = [];
  let lastError: unknown = null;
  let stoppedOnDataError = false;
  for (const strategy of strategies) {
    try {
      return await strategy.run();
    } catch (error) {
      lastError = error;
      attempts.push({ label: strategy.label, status: statusOf(error) });
      if (!isRetriable(error)) {
        stoppedOnDataError = true;
        break;
      }
    }
  }
  let detail: string | null = null;
  if (stoppedOnDataError && options.detailOf) {
    try {
      detail = (await options.detailOf(lastError)) || null;
    } catch {
      detail = null;
    }
  }
  const list = `попытки: ${describeAttempts(attempts)}`;
  const message = `${options.prefix ?? ''}${detail ? `${detail} (${list})` : list}`;
  throw new FallbackError(message, attempts, lastError, stoppedOnDataError);
}
