import { createReadStream } from 'node:fs';
import path from 'node:path';
import { TITLE_MAX } from '../../../contract/limits.ts';
import { TRIM_MESSAGES, UNTRIMMED_SUFFIX, type TrimRequest } from '../../../contract/media.ts';
import type { Clock } from '../../clock.ts';
import type { Media, NewMedia } from '../../db/types.ts';
import { purgeFilesJob, removeUnder } from '../../storage/purge-files.ts';
import type { JobQueue, JobSpec } from '../../jobs/queue.ts';
import { ClaimLostError, type JobContext, type JobDefinition } from '../../jobs/job.ts';
import { userPrefix, type Storage } from '../../storage/storage.ts';
import type { AudioCutter } from './audio-cut.ts';
import { sha256Stream } from '../upload/checksum.ts';
import type { Detected } from '../content-types.ts';
import type { MediaLog } from '../log.ts';
import { compactPeaks } from '../processing/peaks.ts';
import { ProcessingFailed } from '../processing/processing.ts';
import type { AudioAnalysis, MediaProcessor } from '../processing/types.ts';
import type { MediaPatch } from '../records/repository.ts';
import { deleteStored } from '../files/stored-files.ts';
import { TrimRepository } from './repository.ts';

export interface TrimJobDeps {
  repo: TrimRepository;
  storage: Storage;
  processor: MediaProcessor;
  cutter: AudioCutter;
  queue: JobQueue;
  clock: Clock;
  log: MediaLog;
}

/** A trim is claimed at most this many times (as a processing job is), then the record is marked failed. */
export const TRIM_ATTEMPTS = 3;

/** The job that cuts record `mediaId` to `part`, added with the record's change to processing. */
export const trimJob = (mediaId: number, part: TrimRequest): JobSpec => ({ kind: 'trim-audio', mediaId, payload: part });

/**
 * Where one run stores the cut and its MP3: a base named by the run's claim, so the run that takes
 * over from a dead one finds (and removes) what it left. Never under the original's base name, which
 * the untrimmed copy keeps: removing that copy for good must not touch the cut.
 */
const trimBase = (userId: number, claim: string) => `${userPrefix(userId)}audio/trim-${claim}`;

/** A copy shorter or longer than asked by more than this is made again by decoding (a container that cannot be cut at the packet). */
const COPY_TOLERANCE_SECONDS = 0.35;

/**
 * The 'trim-audio' job: cuts the record's original by time (a stream copy where the codec allows,
 * re-encoded otherwise), makes the cut's MP3 and waveform, and in one transaction makes the cut the
 * record and its untrimmed files a record of their own in the trash. A run stores under keys of its
 * own and records them only while it holds its claim; failing, it leaves the record as it was
 * (marked failed with the reason), with nothing of the cut left behind.
 */
export function trimJobDefinition(d: TrimJobDeps): JobDefinition {
  return {
    kind: 'trim-audio',
    maxAttempts: TRIM_ATTEMPTS,
    run: (ctx) => runTrim(d, ctx),
    giveUp: async (ctx) => {
      const row = ctx.job.media_id === null ? undefined : await d.repo.byId(ctx.job.media_id);
      if (!row || row.status !== 'processing') return;
      if (ctx.previousClaim) {
        await removeUnder(d.storage, trimBase(row.user_id, ctx.previousClaim)).catch((err: unknown) =>
          d.log.error({ err, id: row.id }, 'could not remove what a trim left: the reconciliation will'),
        );
      }
      await fail(d, ctx, row);
    },
  };
}

const now = (d: { clock: Clock }) => d.clock.now().toISOString();

async function runTrim(d: TrimJobDeps, ctx: JobContext): Promise<void> {
  const row = ctx.job.media_id === null ? undefined : await d.repo.byId(ctx.job.media_id);
  if (!row || row.status !== 'processing') return; // deleted, or changed meanwhile: nothing to cut
  if (ctx.previousClaim) await removeUnder(d.storage, trimBase(row.user_id, ctx.previousClaim));
  const written: string[] = [];
  let patch: MediaPatch;
  try {
    patch = await cutAndStore(d, row, parsePart(ctx.job.payload), trimBase(row.user_id, ctx.claim), await ctx.workDir(), written, ctx.lost);
  } catch (err) {
    await deleteStored(d.storage, d.log, written);
    if (err instanceof ProcessingFailed && !ctx.lost()) {
      d.log.warn({ err: err.cause, id: row.id }, 'trimming a recording failed');
      await fail(d, ctx, row);
      return;
    }
    throw ctx.lost() ? new ClaimLostError() : err;
  }
  let recorded = false;
  await ctx.finish(async (db) => {
    recorded = await new TrimRepository(db).recordCut(row, patch, untrimmedCopy(row, now(d)));
  });
  // Not recorded (the record changed, or another run took over): what this run stored is nobody's.
  if (!recorded) await deleteStored(d.storage, d.log, written);
}

/** The record stays as it was, failed with the reason; its MP3 goes (retrying makes it again). */
async function fail(d: TrimJobDeps, ctx: JobContext, row: Media): Promise<void> {
  let purge = false;
  await ctx.finish(async (db) => {
    if (!(await new TrimRepository(db).fail(row, TRIM_MESSAGES.failed, now(d)))) return;
    if (row.playable_key) {
      await d.queue.enqueue(purgeFilesJob({ keys: [row.playable_key] }), db);
      purge = true;
    }
  });
  if (purge) d.queue.nudge('purge-files');
}

/** The job's payload; a payload that is not a part (it was written by this code) fails the trim. */
function parsePart(payload: string): TrimRequest {
  const raw = JSON.parse(payload) as Partial<Record<keyof TrimRequest, unknown>>;
  const { start, end } = raw;
  if (typeof start !== 'number' || typeof end !== 'number' || !(start >= 0 && end > start)) {
    throw new ProcessingFailed(new Error(`not a part to keep: ${payload}`));
  }
  return { start, end };
}

/**
 * Cuts, analyses and stores: returns the record's new columns. Every key stored is pushed to
 * `written` first. ffmpeg failing on the file is ProcessingFailed; the storage failing is not (a
 * later try may pass).
 */
async function cutAndStore(
  d: TrimJobDeps,
  row: Media,
  part: TrimRequest,
  base: string,
  dir: string,
  written: string[],
  claimLost: () => boolean,
): Promise<MediaPatch> {
  const stored: Detected = { ext: row.original_key.slice(row.original_key.lastIndexOf('.') + 1), mime: row.mime_type };
  const end = Math.min(part.end, row.duration ?? part.end);
  const mp3 = path.join(dir, 'trim-play.mp3');
  const step = <T>(work: Promise<T>) =>
    work.catch((err: unknown) => {
      throw new ProcessingFailed(err);
    });

  const made = await d.storage.withLocalFile(
    row.original_key,
    async (input) => {
      const attempt = async (reencode: boolean) => {
        const cut = await step(d.cutter.cut({ input, stored, start: part.start, end, output: path.join(dir, 'trim'), reencode }));
        // The cut's own MP3 without tags, an MP3 cut too (then its frames copied): the original is never served.
        const analysis = await step(d.processor.analyzeAudio({ path: cut.path, container: cut.ext }, { mp3Output: mp3 }));
        return { cut, analysis, mp3 };
      };
      const copied = await attempt(false).catch((err: unknown) => ({ err }));
      const wanted = end - part.start;
      if ('cut' in copied && Math.abs(copied.analysis.duration - wanted) <= COPY_TOLERANCE_SECONDS) return copied;
      if ('cut' in copied && copied.cut.ext !== stored.ext) return copied; // already re-encoded
      d.log.warn({ id: row.id, err: 'err' in copied ? copied.err : undefined }, 'a stream copy could not cut the recording: re-encoding');
      return attempt(true);
    },
    dir,
  );

  if (claimLost()) throw new ClaimLostError();
  const originalKey = `${base}.${made.cut.ext}`;
  written.push(originalKey);
  const hashed = sha256Stream(createReadStream(made.cut.path));
  const { size } = await d.storage.put(originalKey, hashed.stream);
  const sha256 = hashed.digest();
  let playableKey: string | null = null;
  let renditionsSize = 0;
  if (made.mp3) {
    if (claimLost()) throw new ClaimLostError();
    playableKey = `${base}-play.mp3`;
    written.push(playableKey);
    renditionsSize = (await d.storage.put(playableKey, createReadStream(made.mp3))).size;
  }
  return {
    ...analysisColumns(made.analysis),
    original_key: originalKey,
    mime_type: made.cut.mime,
    size,
    sha256,
    playable_key: playableKey,
    playable_mime: 'audio/mpeg',
    renditions_size: renditionsSize,
    updated_at: now(d),
  };
}

const analysisColumns = ({ duration, peaks }: AudioAnalysis) => ({ duration, waveform: JSON.stringify(compactPeaks(peaks)) });

/** «<title> (до обрезки)», within the title's limit. */
export function untrimmedTitle(title: string): string {
  const kept = [...(title.trim() || 'Запись')].slice(0, TITLE_MAX - [...UNTRIMMED_SUFFIX].length).join('');
  return `${kept}${UNTRIMMED_SUFFIX}`;
}

/** The record as it was before the cut, as an item of the trash (deleted now): its files, details and dates. */
function untrimmedCopy(row: Media, at: string): NewMedia {
  return {
    user_id: row.user_id,
    kind: 'audio',
    title: untrimmedTitle(row.title),
    description: row.description,
    status: 'ready',
    original_key: row.original_key,
    mime_type: row.mime_type,
    size: row.size,
    sha256: row.sha256,
    original_name: row.original_name,
    playable_key: row.playable_key,
    playable_mime: row.playable_mime,
    duration: row.duration,
    waveform: row.waveform,
    renditions_size: row.renditions_size,
    created_at: row.created_at,
    updated_at: at,
    deleted_at: at,
  };
}
