import { availableParallelism } from 'node:os';
import type { Clock } from '../../clock.ts';
import type { JobContext, JobDefinition } from '../../jobs/job.ts';
import type { Storage } from '../../storage/storage.ts';
import { removeUnder } from '../../storage/purge-files.ts';
import { ClaimLostError } from '../../jobs/job.ts';
import { KIND_SPECS, type MediaKindSpec } from '../kinds.ts';
import type { MediaLog } from '../log.ts';
import { ProcessingFailed, type MediaProcessing } from './processing.ts';
import { MediaRepository, type MediaPatch } from '../records/repository.ts';
import { baseOf, deleteStored } from '../files/stored-files.ts';

export interface ProcessingJobsDeps {
  repo: MediaRepository;
  storage: Storage;
  processing: MediaProcessing;
  clock: Clock;
  log: MediaLog;
}

/**
 * A processing job is claimed at most this many times: a run that fails for a reason outside the file
 * (the storage, the database) is tried again later, and so is one whose process died; past this the
 * record is marked failed, so a file that crashes its process every time cannot keep a worker busy.
 */
export const PROCESSING_ATTEMPTS = 3;

/**
 * The jobs that make each kind's renditions ('process-audio', 'process-photo', 'process-video'), one
 * per record, added with the record. Each run stores its outputs under keys of its own
 * (`<base>-<claim>…`) and records them only while it still holds its claim, so a run that stalled
 * past its lease can neither overwrite the record nor touch the files of the run that took over; a
 * run that takes over removes what the run before it left.
 */
export function processingJobs(d: ProcessingJobsDeps): JobDefinition[] {
  return KIND_SPECS.map((kind) => ({
    kind: kind.job,
    maxAttempts: PROCESSING_ATTEMPTS,
    maxRunning: kind.takesCore ? availableParallelism() : undefined,
    run: (ctx) => processRecord(d, kind, ctx),
    giveUp: async (ctx) => {
      const id = ctx.job.media_id;
      if (id !== null) await ctx.finish((db) => new MediaRepository(db).failProcessing(id, kind.messages.processingFailed, now(d)));
    },
  }));
}

const now = (d: { clock: Clock }) => d.clock.now().toISOString();

async function processRecord(d: ProcessingJobsDeps, kind: MediaKindSpec, ctx: JobContext): Promise<void> {
  const row = ctx.job.media_id === null ? undefined : await d.repo.byId(ctx.job.media_id);
  if (!row || row.status !== 'processing') return; // deleted, or done meanwhile: nothing to make
  const base = baseOf(row.original_key);
  // Outputs of the run before this one (its process died or stalled) are nobody's.
  if (ctx.previousClaim) await removeUnder(d.storage, `${base}-${ctx.previousClaim}`);

  const ext = row.original_key.slice(row.original_key.lastIndexOf('.') + 1);
  const written: string[] = [];
  let patch: MediaPatch;
  try {
    const dir = await ctx.workDir();
    patch = await d.processing.run(
      kind,
      `${base}-${ctx.claim}`,
      row.original_key,
      { ext, mime: row.mime_type, size: row.size },
      dir,
      written,
      ctx.lost,
    );
  } catch (err) {
    await deleteStored(d.storage, d.log, written);
    if (err instanceof ProcessingFailed && !ctx.lost()) {
      d.log.warn({ err: err.cause, id: row.id, kind: kind.name }, 'media processing failed');
      const reason = err.reason ?? kind.messages.processingFailed;
      await ctx.finish((db) => new MediaRepository(db).failProcessing(row.id, reason, now(d)));
      return;
    }
    throw ctx.lost() ? new ClaimLostError() : err;
  }
  let recorded = false;
  await ctx.finish(async (db) => {
    recorded = !!(await new MediaRepository(db).finishProcessing(row.id, { ...patch, updated_at: now(d) }));
  });
  // Not recorded (the record was deleted, or another run took over): what this run made is nobody's.
  if (!recorded) await deleteStored(d.storage, d.log, written);
}
