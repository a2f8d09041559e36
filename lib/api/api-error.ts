/**
 * The one error a request of the web app fails with, whichever way it went (ky, the native-fetch
 * fallbacks, the XHR upload): the HTTP status (null when no answer came), the server's body decoded
 * once, and a Russian message people can read. Also the readers of DRF-shaped bodies
 * (`{"detail": "…"}`, `{"field": ["…"]}`), so every flow reads the server's words the same way.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const nonEmpty = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/** The first non-empty string in a value: itself, or the first one found in an array or object. */
export function firstString(v: unknown): string | null {
  if (typeof v === 'string') return nonEmpty(v);
  if (Array.isArray(v)) {
    for (const item of v) {
      const s = firstString(item);
      if (s) return s;
    }
  }
  if (isObj(v)) {
    for (const item of Object.values(v)) {
      const s = firstString(item);
      if (s) return s;
    }
  }
  return null;
}

/** `{"detail": "…"}` → "…" */
export const detailOf = (data: unknown): string | null => (isObj(data) ? nonEmpty(data.detail) : null);

/** The first message of the first field of a DRF body ({"email": ["…"]} → "…"); a machine `code` beside is none. */
export function firstFieldMessage(data: unknown): string | null {
  if (!isObj(data)) return null;
  for (const [key, value] of Object.entries(data)) {
    if (key === 'code' && typeof value === 'string') continue; // a machine code like unique, not a field
    const s = firstString(value);
    if (s) return s;
  }
  return null;
}

/**
 * "Server data" as text: a plain string, or the body's words in the contract's two shapes (contract/errors.ts),
 * its detail or its first field's message.
 */
export function dataText(data: unknown): string | null {
  if (typeof data === 'string') return nonEmpty(data);
  return detailOf(data) ?? firstFieldMessage(data);
}

/** Every message in a DRF body, joined (for "the whole data"). */
export function allMessages(data: unknown): string | null {
  if (typeof data === 'string') return nonEmpty(data);
  if (!isObj(data)) return null;
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string' && v.trim()) out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (isObj(v)) Object.values(v).forEach(walk);
  };
  Object.entries(data).forEach(([k, v]) => {
    if (k !== 'code' && k !== 'messages') walk(v);
  });
  return out.length ? out.join(' ') : null;
}

/** Keys of a DRF body that describe the error rather than name a field. */
const NOT_FIELDS = new Set(['detail', 'code', 'messages']);

/**
 * The server's own words in a DRF body: its detail, else the first message of `preferField`, else
 * the first message of any field. Null for a body that is not a JSON object (an HTML error page of
 * a proxy is no message for people).
 */
export function serverReason(data: unknown, preferField?: string): string | null {
  if (!isObj(data)) return null;
  const detail = detailOf(data);
  if (detail) return detail;
  if (preferField) {
    const preferred = firstString(data[preferField]);
    if (preferred) return preferred;
  }
  for (const [key, value] of Object.entries(data)) {
    if (NOT_FIELDS.has(key)) continue;
    const s = firstString(value);
    if (s) return s;
  }
  return null;
}

/**
 * A DRF body split for a form: the first message of each of `fields` (to show under that field), and
 * the first message of the rest (for the form's alert).
 */
export function splitFieldErrors<F extends string>(
  data: unknown,
  fields: readonly F[],
): { fields: Partial<Record<F, string>>; rest: string | null } {
  const out: Partial<Record<F, string>> = {};
  let rest: string | null = null;
  if (!isObj(data)) return { fields: out, rest: dataText(data) };
  for (const [key, value] of Object.entries(data)) {
    if (key === 'code' && typeof value === 'string') continue; // a machine code like token_not_valid, not a field
    const text = firstString(value);
    if (!text) continue;
    if ((fields as readonly string[]).includes(key)) out[key as F] = text;
    else rest ??= text;
  }
  return { fields: out, rest };
}

/** A response body as the error carries it: the JSON value, else the non-empty text, else null. */
export function decodeErrorBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text.trim() || null;
  }
}

/** Statuses that say the request did not reach the application: its method was refused on the way. */
export const METHOD_REFUSED_STATUSES: ReadonlySet<number> = new Set([405, 501]);

/** What people read when the server gave no words of its own. */
function messageFor(status: number | null, data: unknown): string {
  const reason = serverReason(data);
  if (reason) return reason;
  if (status === null) return 'Нет соединения с сервером';
  if (METHOD_REFUSED_STATUSES.has(status)) return 'Метод не поддерживается сервером';
  if (status >= 500) return 'Ошибка сервера. Пожалуйста, попробуйте позже.';
  return `Сервер отклонил запрос (код ${status})`;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status, or null when no answer came (offline, connection refused or cut). */
    readonly status: number | null,
    /** The decoded body: JSON value, else its text, else null. */
    readonly data: unknown = null,
    options?: { cause?: unknown },
  ) {
    super(messageFor(status, data), options);
  }

  /** A failed answer, its body read once. */
  static async fromResponse(response: Response): Promise<ApiError> {
    const text = await response.text().catch(() => '');
    return new ApiError(response.status, decodeErrorBody(text));
  }

  /** A failed answer whose body was read as text already (XHR). */
  static fromText(status: number, text: string): ApiError {
    return new ApiError(status, decodeErrorBody(text));
  }

  /** No answer at all: `cause` is what fetch or XHR reported. */
  static noAnswer(cause?: unknown): ApiError {
    return new ApiError(null, null, { cause });
  }

  /** True when no answer came or the method was refused on the way: the request itself did not travel. */
  get failedToTravel(): boolean {
    return this.status === null || METHOD_REFUSED_STATUSES.has(this.status);
  }

  /** `{"detail": "…"}` → "…", else null. */
  get detail(): string | null {
    return detailOf(this.data);
  }

  /** The server's words: detail, else the first message of `preferField`, else of any field. */
  reason(preferField?: string): string | null {
    return serverReason(this.data, preferField);
  }
}

/** True for an aborted fetch or XHR (the caller stopped it; nothing failed). */
export function isAbort(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { name?: unknown }).name === 'AbortError';
}
