import type { Kysely } from 'kysely';
import { compactPeaksJson } from '../../media/processing/peaks.ts';

const BATCH = 500;

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
