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

/** JSON.stringify for a record whose values may include RawJson (those keys come last). */
export function stringifyRecord(record: Record<string, unknown>): string {
  const rest: Record<string, unknown> = {};
  const raw: string[] = [];
  for (const [k, v] of Object.entries(record)) {
    if (v instanceof RawJson) raw.push(`${JSON.stringify(k)}:${v.text}`);
    else rest[k] = v;
  }
  const base = JSON.stringify(rest);
  if (!raw.length) return base;
  return `${base.slice(0, -1)}${base === '{}' ? '' : ','}${raw.join(',')}}`;
}

export function stringifyRecords(records: Record<string, unknown>[]): string {
  return `[${records.map(stringifyRecord).join(',')}]`;
}
