import type { Kysely } from 'kysely';

const BATCH = 500;

/**
 * A frozen copy of what this migration runs, as server/media/processing/peaks.ts had it when the migration
 * was written (without its later fast path for columns already compact, which gives the same text): a
 * migration that has run in the field must not change when the live module does.
 */
const PEAK_MAX = 100;
function compactPeaks(peaks: readonly unknown[]): number[] {
  const values = peaks.map((v) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0));
  const max = values.reduce((a, b) => Math.max(a, b), 0);
  const scale = max <= 1 ? PEAK_MAX : 1;
  return values.map((v) => Math.min(PEAK_MAX, Math.round(v * scale)));
}
function compactPeaksJson(stored: string | null): string {
  if (!stored || !stored.startsWith('[')) return '[]';
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return '[]';
  }
  return Array.isArray(parsed) ? JSON.stringify(compactPeaks(parsed)) : '[]';
}

interface Tables {
  media: { id: number; kind: string; waveform: string | null };
}

/**
 * Stored waveforms as the API sends them. Versions before compact peaks stored 0..1 with three decimals;
 * every list answer then parsed and re-wrote those 300 numbers per record (~46 ms of each 2,000-record list
 * build, measured), where a compact column is given back as it is. Each audio row whose column is not what
 * compactPeaksJson makes of it gets that text, once: the answers stay byte for byte the same. Empty columns
 * stay empty. Read in batches by id, so a large table is never held in memory at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const media = db as unknown as Kysely<Tables>;
  let after = 0;
  for (;;) {
    const rows = await media
      .selectFrom('media')
      .select(['id', 'waveform'])
      .where('kind', '=', 'audio')
      .where('waveform', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const compact = compactPeaksJson(row.waveform);
      if (compact !== row.waveform) await media.updateTable('media').set({ waveform: compact }).where('id', '=', row.id).execute();
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** The compact text is what every version since reads; the decimals it replaced are not kept. */
export async function down(): Promise<void> {}
