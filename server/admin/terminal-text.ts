/**
 * What the admin command prints goes to an operator's terminal, and names and e-mails are what any account
 * typed: a control character there is an instruction to the terminal (OSC 52 writes the clipboard, CSI moves
 * the cursor or hides text, a line break forges a row) and a bidirectional override reorders what is read.
 * Every such character is printed as its escape instead, `\uHHHH` (`\n`, `\r`, `\t` by name): C0, DEL
 * and C1, the bidirectional marks, embeddings, overrides and isolates, the line and paragraph separators.
 * The same escapes are JSON's, so `--json` output stays JSON and reads back as stored.
 */
const UNSAFE = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The text with every control and bidirectional character escaped. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (ch) => {
    const named = NAMED[ch];
    if (named) return named;
    return `\\u${ch.codePointAt(0)!.toString(16).padStart(4, '0')}`;
  });
}

/**
 * A block of printed lines made safe: each line escaped on its own, so the line breaks the program itself
 * wrote (a table's rows, pretty-printed JSON, whose strings JSON already escaped) stay line breaks.
 */
export const terminalSafeLines = (text: string): string => text.split('\n').map(terminalSafe).join('\n');

/** 1536 → "1.5 KiB"; exact bytes below 1 KiB. */
export function bytes(n: number): string {
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  if (n < 1024) return `${n} B`;
  let value = n;
  let unit = -1;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** A table's columns padded to their widest cell, as printed (escaped first, so the columns line up). */
export function table(ctx: { out: (line: string) => void }, head: string[], given: string[][]): void {
  const rows = given.map((row) => row.map(terminalSafe));
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
  ctx.out(line(head));
  for (const row of rows) ctx.out(line(row));
}
