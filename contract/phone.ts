/**
 * The one phone rule of both halves. A number is kept as `+` followed by 10–15 digits. Spaces, dashes,
 * dots, parentheses and no-break spaces are dropped; an international `00` prefix means `+`; a missing
 * `+` is added; the Russian trunk form 8XXXXXXXXXX (11 digits starting with 8) becomes +7XXXXXXXXXX.
 * Returns null when the result is not a plausible number.
 */
export function normalisePhone(input: string): string | null {
  let s = input.trim().replace(/[\s\-().\u00a0]/g, '');
  if (s.startsWith('00')) s = s.slice(2);
  if (!s.startsWith('+')) {
    if (/^8\d{10}$/.test(s)) s = '7' + s.slice(1);
    s = '+' + s;
  }
  return /^\+\d{10,15}$/.test(s) ? s : null;
}
