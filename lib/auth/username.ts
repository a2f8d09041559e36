/** username = local part of the e-mail + '_' + a random number below 10000. */
export function makeUsername(email: string, random: () => number = Math.random): string {
  const local = email.trim().split('@')[0] ?? '';
  const n = Math.min(9999, Math.max(0, Math.floor(random() * 10000)));
  return `${local}_${n}`;
}

/** The phone gets a leading + if missing; spaces, brackets and dashes are dropped. Empty → undefined. */
export function normalizePhone(phone: string | null | undefined): string | undefined {
  const compact = (phone ?? '').replace(/[\s()\-.]/g, '');
  if (!compact) return undefined;
  return compact.startsWith('+') ? compact : `+${compact}`;
}
