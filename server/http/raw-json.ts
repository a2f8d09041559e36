/**
 * JSON text we wrote ourselves (waveform peaks), spliced into responses as-is instead of being
 * parsed and re-serialised for every record of every list call.
 */
export class RawJson {
  constructor(readonly text: string) {}
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/** A stored JSON array column, or [] when it is empty or not an array. */
export const rawArray = (text: string | null): RawJson => new RawJson(text && text.startsWith('[') && text.endsWith(']') ? text : '[]');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RawJson);

/** JSON.stringify for a record whose values may include RawJson (those keys come last). */
function stringifyRecord(record: Record<string, unknown>): string {
  const values = Object.entries(record);
  if (!values.some(([, v]) => v instanceof RawJson)) return JSON.stringify(record);
  const rest: Record<string, unknown> = {};
  const raw: string[] = [];
  for (const [k, v] of values) {
    if (v instanceof RawJson) raw.push(`${JSON.stringify(k)}:${v.text}`);
    else rest[k] = v;
  }
  const base = JSON.stringify(rest);
  return `${base.slice(0, -1)}${base === '{}' ? '' : ','}${raw.join(',')}}`;
}

/**
 * JSON.stringify for an answer: a record, or an array of records, whose values may be RawJson. Deeper
 * RawJson values are serialised through their toJSON (correct, only slower).
 */
export function stringifyWithRawJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${stringifyItems(value)}]`;
  if (isRecord(value)) return stringifyRecord(value);
  return JSON.stringify(value);
}

/** The items of an array, as stringifyWithRawJson writes them, comma-separated without the brackets ('' for none). */
export function stringifyItems(items: readonly unknown[]): string {
  return items.map((item) => (isRecord(item) ? stringifyRecord(item) : (JSON.stringify(item) ?? 'null'))).join(',');
}
