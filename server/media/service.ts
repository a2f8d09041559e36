import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Media } from '../db/types.ts';
import { ApiError, detailError, fieldError, notFound } from '../errors.ts';
import { moveKey, StorageFailure, StorageLimitError, UPLOAD_SUFFIX, userPrefix, type Storage } from '../storage/storage.ts';
import { detectStream } from './content-types.ts';
import { parseTextFields } from './fields.ts';
import { UploadRefused, type DownloadChoice, type FileColumn, type MediaKind } from './kinds.ts';
import type { MediaProcessor } from './processor.ts';
import type { MediaPatch, MediaRepository } from './repository.ts';

/** One part of an upload, already separated from the HTTP layer. */
export type UploadPart =
  { type: 'field'; name: string; value: unknown } | { type: 'file'; name: string; filename: string; stream: Readable };

/** A multipart file stream stopped by the per-request file size limit. */
export class UploadTooLargeError extends Error {}

export interface MediaServiceDeps {
  repo: MediaRepository;
  storage: Storage;
  processor: MediaProcessor;
  clock: Clock;
  config: Config;
  log: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
  /** Background job lease: how long a claim lasts unrenewed, and how often a running job renews it. */
  lease?: { ms: number; renewEveryMs: number };
}

/**
 * Several API processes may share one database: a background job runs only in the process that
 * claimed its row (media.processing_lease_until). The job renews the lease while it runs; a process
 * that dies stops renewing, the lease runs out and another process (at start-up, or on its periodic
 * re-check) takes the row over.
 *
 * Fencing: a process that merely stalled past its lease wakes up with its job still running. Each
 * claim carries its own token (media.processing_claim), renewals and the result update apply only
 * while the row still carries it, and each run stores its outputs under keys of its own, so the
 * stale run can neither overwrite the row nor touch the files of the run that took over; it stops
 * and deletes only its own outputs.
 */
export const PROCESSING_LEASE_MS = 5 * 60 * 1000;
export const LEASE_RENEW_MS = 60 * 1000;

/**
 * Temp files untouched this long belong to no live request (a crash or kill mid-upload): swept at
 * start-up. Age by last write, so a slow upload still being written is never taken.
 */
export const LEFTOVER_AGE_MS = 60 * 60 * 1000;

const MB = 1024 * 1024;
const formatMb = (bytes: number) => {
  const mb = bytes / MB;
  return mb >= 1 ? String(Math.floor(mb)) : mb.toFixed(2).replace(/0+$/, '').replace(/\.$/, '').replace('.', ',');
};

/** The current claim of a row's background job was taken over (or the row is gone): the run stops. */
class ClaimLostError extends Error {}

/** Rules for every kind: upload, check, process, store, list, edit, delete, download. */
export class MediaService {
  /** Background work in flight (video processing, the leftover sweep, lease re-checks), so shutdown can wait for it. */
  private readonly jobs = new Set<Promise<void>>();
  /** Rows whose job runs in this process (a re-check never claims them a second time here). */
  private readonly running = new Set<number>();
  private closed = false;
  private recheckTimer: ReturnType<typeof setInterval> | undefined;
  private rechecking = false;

  constructor(private readonly d: MediaServiceDeps) {}

  list(userId: number, kind: MediaKind): Promise<Media[]> {
    return this.d.repo.list(userId, kind.name, kind.order);
  }

  async get(userId: number, kind: MediaKind, id: number): Promise<Media> {
    const row = await this.d.repo.findOwned(userId, kind.name, id);
    if (!row) throw notFound();
    return row;
  }

  /**
   * Streams the file part into storage (bounded by the kind's limit), collects the text fields,
   * checks the bytes, processes (inline kinds) and inserts the row. Whatever fails — a limit, a
   * wrong type, an aborted request, a processing error, the database — nothing is left behind.
   */
  async create(userId: number, kind: MediaKind, parts: AsyncIterable<UploadPart>): Promise<Media> {
    const limit = kind.limit(this.d.config);
    const base = `${userPrefix(userId)}${kind.name}/${randomBytes(12).toString('base64url')}`;
    const tmpKey = `${base}${UPLOAD_SUFFIX}`; // renamed to the real extension once checked
    const written: string[] = [];
    const fields: Record<string, unknown> = {};
    let upload: { size: number; filename: string } | null = null;
    try {
      try {
        for await (const part of parts) {
          if (part.type === 'field') {
            fields[part.name] = part.value;
            continue;
          }
          if (part.name !== kind.fileField || upload) {
            part.stream.resume();
            continue;
          }
          written.push(tmpKey);
          const { size } = await this.d.storage.put(tmpKey, part.stream, { maxBytes: limit });
          upload = { size, filename: part.filename };
        }
      } catch (err) {
        if (err instanceof StorageLimitError || err instanceof UploadTooLargeError) {
          throw fieldError(kind.fileField, `Файл слишком большой (максимум ${formatMb(limit)} МБ)`, 413);
        }
        const e = err as { syscall?: string; statusCode?: number };
        // Disk or bucket trouble is ours (500); anything else from the upload stream is a cut-off or malformed body.
        if (
          err instanceof ApiError ||
          err instanceof StorageFailure ||
          e.syscall ||
          (typeof e.statusCode === 'number' && e.statusCode < 500)
        )
          throw err;
        throw detailError(400, 'Загрузка прервана или повреждена. Отправьте файл ещё раз.');
      }
      const text = parseTextFields(fields);
      if (!upload) throw fieldError(kind.fileField, 'Обязательное поле.');
      if (upload.size === 0) throw fieldError(kind.fileField, 'Отправленный файл пуст.');

      const detected = await detectStream(this.d.storage.read(tmpKey), upload.size);
      const stored = detected ? kind.accept(detected) : null;
      if (!stored) throw fieldError(kind.fileField, kind.messages.invalidType);

      const originalKey = `${base}.${stored.ext}`;
      written.push(originalKey);
      await moveKey(this.d.storage, tmpKey, originalKey);
      written.splice(written.indexOf(tmpKey), 1);

      const now = this.d.clock.now().toISOString();
      const row = {
        user_id: userId,
        kind: kind.name,
        title: text.title ?? '',
        description: text.description ?? '',
        status: kind.processing === 'inline' ? 'ready' : 'processing',
        original_key: originalKey,
        mime_type: stored.mime,
        size: upload.size,
        original_name: cleanName(upload.filename),
        created_at: now,
        updated_at: now,
      };
      if (kind.processing === 'background') {
        await this.check(kind, originalKey, stored);
        // Inserted already claimed by this process: no other process's resume can take it first.
        const claim = newClaim();
        const inserted = await this.d.repo.insert({ ...row, processing_lease_until: this.leaseUntil(), processing_claim: claim });
        this.enqueue(kind, inserted, claim);
        return inserted;
      }
      let processed: MediaPatch;
      try {
        processed = await this.runProcessing(kind, base, originalKey, stored, written);
      } catch (err) {
        if (err instanceof UploadRefused) throw fieldError(kind.fileField, err.message);
        this.d.log.warn({ err, kind: kind.name }, 'media processing failed');
        throw fieldError(kind.fileField, kind.messages.processingFailed);
      }
      return await this.d.repo.insert({ ...row, ...processed });
    } catch (err) {
      await this.deleteKeys(written);
      throw err;
    }
  }

  async update(userId: number, kind: MediaKind, id: number, body: Record<string, unknown>): Promise<Media> {
    const text = parseTextFields(body);
    const patch: MediaPatch = { ...text };
    if (Object.keys(patch).length === 0) return this.get(userId, kind, id);
    patch.updated_at = this.d.clock.now().toISOString();
    const row = await this.d.repo.updateOwned(userId, kind.name, id, patch);
    if (!row) throw notFound();
    return row;
  }

  async remove(userId: number, kind: MediaKind, id: number): Promise<void> {
    const row = await this.d.repo.deleteOwned(userId, kind.name, id);
    if (!row) throw notFound();
    await this.deleteKeys(keysOf(row));
  }

  /** Which stored file a download sends, and under which name. */
  async download(userId: number, kind: MediaKind, id: number, format: string | undefined): Promise<DownloadChoice & { filename: string }> {
    const row = await this.get(userId, kind, id);
    const choice = kind.download(row, format);
    if (choice === 'unknown-format') throw fieldError('format', 'Неизвестный формат.');
    if (!choice) throw notFound();
    const title = row.title.trim() || `${kind.fallbackName}-${row.id}`;
    return { ...choice, filename: `${title}.${choice.ext}` };
  }

  /**
   * Re-queues background work nobody is doing (called at start-up and by the periodic re-check):
   * each 'processing' row is claimed first, and rows another live process holds are left to it.
   * Returns how many rows this process took.
   */
  async resumeProcessing(kinds: Record<string, MediaKind>): Promise<number> {
    let taken = 0;
    for (const row of await this.d.repo.listProcessing()) {
      if (this.closed) break;
      const kind = kinds[row.kind];
      if (kind?.processing !== 'background' || this.running.has(row.id)) continue;
      const claim = newClaim();
      if (!(await this.d.repo.claimProcessing(row.id, this.d.clock.now().toISOString(), this.leaseUntil(), claim))) continue;
      this.enqueue(kind, row, claim);
      taken++;
    }
    return taken;
  }

  /**
   * While this process lives, looks every `everyMs` for rows whose lease ran out (their process
   * died mid-job) and takes them over. Stopped by drain().
   */
  recheckProcessing(kinds: Record<string, MediaKind>, everyMs = this.d.lease?.ms ?? PROCESSING_LEASE_MS): void {
    if (this.closed || this.recheckTimer) return;
    this.recheckTimer = setInterval(() => {
      if (this.closed || this.rechecking) return;
      this.rechecking = true;
      this.runInBackground('re-check media processing', async () => {
        try {
          await this.resumeProcessing(kinds);
        } finally {
          this.rechecking = false;
        }
      });
    }, everyMs);
    this.recheckTimer.unref?.();
  }

  /**
   * Removes what a crash mid-upload left behind: the storage's own half-written temp files and our
   * `*.upload` keys, when untouched for LEFTOVER_AGE_MS. Only these temp patterns: a stored file
   * no row mentions is left alone (a wrong guess there would lose someone's media).
   */
  async sweepLeftovers(): Promise<number> {
    const cutoff = new Date(this.d.clock.now().getTime() - LEFTOVER_AGE_MS);
    const { storage } = this.d;
    let removed = (await storage.removeStaleTemp?.(cutoff)) ?? 0;
    if (storage.list) {
      for await (const { key, modifiedAt } of storage.list('u/')) {
        if (this.closed) break; // shutting down: the next start finishes the sweep
        if (key.endsWith(UPLOAD_SUFFIX) && modifiedAt < cutoff) {
          await storage.delete(key);
          removed++;
        }
      }
    }
    return removed;
  }

  /** Runs work off the request path (start-up sweep, lease re-checks); drain/idle wait for it; errors are logged, never thrown. */
  runInBackground(what: string, work: () => Promise<unknown>): void {
    this.track(
      work().then(
        () => undefined,
        (err: unknown) => this.d.log.error({ err }, `could not ${what}`),
      ),
    );
  }

  private track(job: Promise<void>): void {
    this.jobs.add(job);
    void job.finally(() => this.jobs.delete(job));
  }

  /** Waits for background jobs (app shutdown, tests). */
  async drain(): Promise<void> {
    this.closed = true;
    clearInterval(this.recheckTimer);
    while (this.jobs.size) await Promise.allSettled([...this.jobs]);
  }

  /** Resolves when the current background jobs are done (tests poll with this). */
  async idle(): Promise<void> {
    while (this.jobs.size) await Promise.allSettled([...this.jobs]);
  }

  private leaseUntil(): string {
    return new Date(this.d.clock.now().getTime() + (this.d.lease?.ms ?? PROCESSING_LEASE_MS)).toISOString();
  }

  /** Runs the background job of a row this process has claimed (`claim`: the token the claim wrote). */
  private enqueue(kind: MediaKind, row: Media, claim: string): void {
    this.running.add(row.id);
    const job = (async () => {
      if (this.closed) {
        // Shutting down before the job started: hand the row back at once rather than when the lease runs out.
        await this.d.repo
          .releaseLease(row.id, claim)
          .catch((err: unknown) => this.d.log.error({ err, id: row.id }, 'could not release media processing lease'));
        return;
      }
      // Keep the claim alive while the job waits for and runs ffmpeg (which may take longer than a lease).
      let lost = false;
      let renewing: Promise<unknown> = Promise.resolve();
      const renew = setInterval(() => {
        renewing = this.d.repo.renewLease(row.id, claim, this.leaseUntil()).then(
          (held) => {
            if (held) return;
            lost = true; // taken over after a stall, deleted, or no longer processing: stop at the next step
            clearInterval(renew);
          },
          (err: unknown) => this.d.log.warn({ err, id: row.id }, 'could not renew media processing lease'),
        );
      }, this.d.lease?.renewEveryMs ?? LEASE_RENEW_MS);
      const stopRenewing = async () => {
        clearInterval(renew);
        await renewing;
      };
      const base = row.original_key.slice(0, row.original_key.lastIndexOf('.'));
      const ext = row.original_key.slice(row.original_key.lastIndexOf('.') + 1);
      // Outputs of this run only: a stale run and the run that took over never share a key.
      const runBase = `${base}-${claim}`;
      const written: string[] = [];
      let patch: MediaPatch | null;
      try {
        const stored = { ext, mime: row.mime_type };
        patch = { ...(await this.runProcessing(kind, runBase, row.original_key, stored, written, () => lost)), status: 'ready' };
      } catch (err) {
        if (!(err instanceof ClaimLostError)) this.d.log.warn({ err, id: row.id, kind: kind.name }, 'background media processing failed');
        await this.deleteKeys(written.splice(0));
        patch = lost ? null : { status: 'failed' };
      } finally {
        await stopRenewing();
      }
      try {
        const updated =
          patch && !lost
            ? await this.d.repo.finishProcessing(row.id, claim, { ...patch, updated_at: this.d.clock.now().toISOString() })
            : undefined;
        if (!updated) {
          // Not ours any more: drop what this run produced. The original goes too only if the row itself is gone.
          await this.deleteKeys(written);
          if (!(await this.d.repo.exists(row.id))) await this.deleteKeys([row.original_key]);
        }
      } catch (err) {
        this.d.log.error({ err, id: row.id }, 'could not record media processing result');
      }
    })().finally(() => this.running.delete(row.id));
    this.track(job);
  }

  /** The background kind's quick decoder check during the upload: a failure refuses the upload. */
  private async check(kind: MediaKind, originalKey: string, stored: { ext: string; mime: string }): Promise<void> {
    if (!kind.check) return;
    try {
      await this.d.storage.withLocalFile(originalKey, (input) => kind.check!({ processor: this.d.processor, input, stored }));
    } catch (err) {
      this.d.log.warn({ err, kind: kind.name }, 'media check failed');
      throw fieldError(kind.fileField, kind.messages.processingFailed);
    }
  }

  /** Runs the kind's processing step in a temp folder and stores its outputs next to the original. */
  private async runProcessing(
    kind: MediaKind,
    base: string,
    originalKey: string,
    stored: { ext: string; mime: string },
    written: string[],
    claimLost: () => boolean = () => false,
  ): Promise<MediaPatch> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kopilka-media-'));
    try {
      const outcome = await this.d.storage.withLocalFile(originalKey, (input) =>
        kind.process({ processor: this.d.processor, input, stored, tmp: (name) => path.join(dir, name) }),
      );
      const patch: MediaPatch = { ...outcome.columns };
      for (const f of outcome.files) {
        if (claimLost()) throw new ClaimLostError();
        const key = `${base}${f.suffix}`;
        written.push(key);
        await this.d.storage.put(key, createReadStream(f.path));
        patch[f.column satisfies FileColumn] = key;
      }
      return patch;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async deleteKeys(keys: string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.d.storage.delete(key);
      } catch (err) {
        this.d.log.error({ err, key }, 'could not delete stored media');
      }
    }
  }
}

/** A token naming one claim of a background job; also names that run's output files. */
const newClaim = () => randomBytes(6).toString('hex');

export const keysOf = (row: Media): string[] =>
  [row.original_key, row.playable_key, row.thumbnail_key, row.preview_key, row.poster_key].filter((k): k is string => !!k);

/** The client's file name, kept for reference only: no paths, no control characters, ≤ 255. */
function cleanName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  return [...(name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '')].slice(0, 255).join('');
}
