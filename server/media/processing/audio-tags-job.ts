import path from 'node:path';
import { createReadStream } from 'node:fs';
import type { Db } from '../../db/kysely.ts';
import type { JobLog } from '../../jobs/log.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { ClaimLostError, type JobDefinition } from '../../jobs/job.ts';
import { purgeFilesJob } from '../../storage/purge-files.ts';
import type { Storage } from '../../storage/storage.ts';
import { StorageUnavailable } from '../../storage/storage.ts';
import { baseOf } from '../files/stored-files.ts';
import { AudioTagsRepository, type TaggedRecordingRow } from './audio-tags-repository.ts';
import type { MediaProcessor } from './types.ts';

export interface AudioTagsJobDeps {
  db: Db;
  storage: Storage;
  processor: MediaProcessor;
  queue: JobQueue;
  log: JobLog;
}

/** Recordings per run: each run ends, and other housekeeping gets its turn, between batches. */
export const AUDIO_TAGS_BATCH = 20;

/** The job's payload: the id after which its batch starts. */
function afterOf(payload: string): number {
  try {
    const after: unknown = (JSON.parse(payload) as { after?: unknown }).after;
    return typeof after === 'number' && Number.isSafeInteger(after) && after >= 0 ? after : 0;
  } catch {
    return 0;
  }
}

/**
 * 'strip-audio-tags' (added by migration 026): versions before it served a recording's MP3 with the
 * original's tags (the MP3 made from an m4a kept its location and comments), and an uploaded MP3 as it
 * was, ID3 tags and all. Processing now makes every recording an MP3 of its own without tags; this job
 * gives the recordings processed before that one: the MP3 they serve (the one made, else the uploaded MP3)
 * copied without its tags (its frames as they are, no second encoding) under a key of its own, named by
 * the row only while the row is as it was read; the old copy (never the original) then goes by
 * 'purge-files'. One batch by id per run, the next batch's job added as this one ends, only while this run
 * holds its claim: a run cut off is done again, and doing a recording twice only copies it again. A
 * recording whose copy ffmpeg cannot make keeps what it has (logged); a storage that fails makes the run
 * try again later.
 */
export function audioTagsJob(d: AudioTagsJobDeps): JobDefinition {
  return {
    kind: 'strip-audio-tags',
    async run(ctx) {
      const after = afterOf(ctx.job.payload);
      const rows = await new AudioTagsRepository(d.db).recordingsAfter(after, AUDIO_TAGS_BATCH);
      const dir = await ctx.workDir();
      const made: { row: TaggedRecordingRow; key: string; size: number }[] = [];
      try {
        for (const row of rows) {
          if (ctx.lost()) throw new ClaimLostError();
          const source = row.playable_key ?? (row.mime_type === 'audio/mpeg' ? row.original_key : null);
          if (source === null) continue;
          const output = path.join(dir, `${row.id}.mp3`);
          try {
            await d.storage.withLocalFile(
              source,
              (file) => d.processor.analyzeAudio({ path: file, container: 'mp3' }, { mp3Output: output }),
              dir,
            );
          } catch (err) {
            if (err instanceof StorageUnavailable) throw err;
            if ((err as { code?: string }).code === 'ENOENT') continue; // the file went with its record
            d.log.warn({ err, id: row.id }, 'a recording’s MP3 could not be copied without its tags');
            continue;
          }
          const key = `${baseOf(row.original_key)}-${ctx.claim}.mp3`;
          made.push({ row, key, size: 0 });
          made.at(-1)!.size = (await d.storage.put(key, createReadStream(output))).size;
        }
      } catch (err) {
        await removeAll(
          d.storage,
          made.map((m) => m.key),
        );
        throw err;
      }
      const next = rows.length === AUDIO_TAGS_BATCH ? rows[rows.length - 1]!.id : null;
      const unused: string[] = [];
      let purged = false;
      const done = await ctx.finish(async (db) => {
        const repo = new AudioTagsRepository(db);
        const old: string[] = [];
        for (const m of made) {
          if (!(await repo.swapPlayable(m.row, m.key, m.size))) unused.push(m.key);
          else if (m.row.playable_key) old.push(m.row.playable_key);
        }
        if (old.length) {
          await d.queue.enqueue(purgeFilesJob({ keys: old }), db);
          purged = true;
        }
        if (next !== null) await d.queue.enqueue({ kind: 'strip-audio-tags', payload: { after: next } }, db);
      });
      if (!done) {
        await removeAll(
          d.storage,
          made.map((m) => m.key),
        );
        return;
      }
      await removeAll(d.storage, unused);
      if (made.length) d.log.info({ after, copied: made.length - unused.length }, 'recordings’ MP3s copied without their tags');
      if (purged) d.queue.nudge('purge-files');
      if (next !== null) d.queue.nudge('strip-audio-tags');
    },
  };
}

/** Removes what a run stored and no row names; what cannot be removed now the reconciliation removes later. */
async function removeAll(storage: Storage, keys: string[]): Promise<void> {
  for (const key of keys) await storage.delete(key).catch(() => undefined);
}
