import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { DESCRIPTION_MAX, TITLE_MAX } from '../../../contract/limits.ts';
import { DUPLICATE_MEDIA_DETAIL } from '../../../contract/media.ts';
import { quotaExceededMessage } from '../../../contract/storage-space.ts';
import type { Media } from '../../db/types.ts';
import { ApiError, detailError, fieldError } from '../../http/errors.ts';
import { parseBody } from '../../http/validation.ts';
import { moveKey, StorageLimitError, StorageUnavailable, UPLOAD_SUFFIX, userPrefix, type Storage } from '../../storage/storage.ts';
import { purgeFiles, purgeFilesJob } from '../../storage/purge-files.ts';
import type { HeldJob, JobQueue } from '../../jobs/queue.ts';
import type { MediaLog } from '../log.ts';
import { withoutInvisible } from '../files/content-disposition.ts';
import { detectStream } from '../content-types.ts';
import { sha256Stream } from './checksum.ts';
import { mediaDetailsSchema, type MediaDetails } from '../fields.ts';
import type { MediaKindSpec } from '../kinds.ts';
import type { MediaProcessing } from '../processing/processing.ts';
import type { MediaRepository } from '../records/repository.ts';
import { underBase } from '../files/stored-files.ts';
import type { MediaUsage, Room } from '../usage/usage.ts';

/** One part of an upload, already separated from the HTTP layer. */
export type UploadPart =
  { type: 'field'; name: string; value: unknown } | { type: 'file'; name: string; filename: string; stream: Readable };

/** A multipart file stream stopped by the per-request file size limit. */
export class UploadTooLargeError extends Error {}

export interface MediaUploadsDeps {
  repo: MediaRepository;
  storage: Storage;
  processing: MediaProcessing;
  queue: JobQueue;
  usage: MediaUsage;
  clock: Clock;
  config: Config;
  log: MediaLog;
}

/**
 * The most a multipart upload's parts other than the file may add to its Content-Length: a title and a
 * description at their longest (4 bytes a character at worst), the part headers and the boundaries. A
 * body declared bigger than the room left plus this cannot fit, and is refused before it is read.
 */
const FORM_OVERHEAD_BYTES = (TITLE_MAX + DESCRIPTION_MAX) * 4 + 16 * 1024;

const quotaExceeded = ({ free, quota, staged }: Room) => detailError(413, quotaExceededMessage(Math.max(0, free), quota, staged));

const MB = 1024 * 1024;
const formatMb = (bytes: number) => {
  const mb = bytes / MB;
  return mb >= 1 ? String(Math.floor(mb)) : mb.toFixed(2).replace(/0+$/, '').replace(/\.$/, '').replace('.', ',');
};

/** Bytes of an upload sitting in storage at `key`, not yet checked, with what is known of them. */
interface StoredUpload {
  /** `<base>.upload`: the original becomes `<base>.<ext>`, its renditions `<base><suffix>`. */
  base: string;
  key: string;
  size: number;
  filename: string;
  /** SHA-256 of the bytes (hex). */
  sha256: string;
  details: MediaDetails;
}

/** What a resumable upload hands over once its bytes are complete (see adopt()). */
export interface CompletedUpload {
  /** The resumable upload's id: its declared length is not counted twice against the quota. */
  uploadId: string;
  /** Where the complete bytes are; they are moved away from there. */
  key: string;
  size: number;
  filename: string;
  sha256: string;
  details: MediaDetails;
}

/** Upload intake: a new record from a streamed upload, of any kind. */
export class MediaUploads {
  constructor(private readonly d: MediaUploadsDeps) {}

  /**
   * Streams the file part into storage (bounded by the kind's limit) while hashing it, collects the
   * text fields, then makes the record as intake() does. Whatever fails — a limit, a wrong type, an
   * aborted request, the database — nothing is left behind: the upload is journalled before its
   * first byte is written (a held 'purge-files' job for everything under its base name), so even a
   * process killed mid-upload leaves work for a worker to undo rather than bytes nobody knows about.
   */
  async create(userId: number, kind: MediaKindSpec, parts: AsyncIterable<UploadPart>, declaredBytes?: number): Promise<Media> {
    const limit = kind.limit(this.d.config);
    // With a quota, an upload that cannot fit is refused before its body is read (when its declared
    // length already tells), else its bytes stop being read the moment they pass the room left
    // (the owner's unfinished resumable uploads hold their declared lengths of it).
    const quota = await this.d.usage.room(userId);
    const room = quota === null ? Number.POSITIVE_INFINITY : quota.free;
    if (quota !== null && (room <= 0 || (declaredBytes !== undefined && declaredBytes - FORM_OVERHEAD_BYTES > room))) {
      throw quotaExceeded(quota);
    }
    const base = newBase(userId, kind);
    const tmpKey = `${base}${UPLOAD_SUFFIX}`; // renamed to the real extension once checked
    const journal = await this.d.queue.hold(purgeFilesJob({ keys: [tmpKey], prefixes: underBase(base) }));
    const written: string[] = [];
    const fields: Record<string, unknown> = {};
    let upload: { size: number; filename: string; sha256: string } | null = null;
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
          const hashed = sha256Stream(part.stream);
          const { size } = await this.d.storage.put(tmpKey, hashed.stream, { maxBytes: Math.min(limit, room) });
          upload = { size, filename: part.filename, sha256: hashed.digest() };
        }
      } catch (err) {
        if (err instanceof StorageLimitError && quota !== null && room < limit) throw quotaExceeded(quota);
        if (err instanceof StorageLimitError || err instanceof UploadTooLargeError) throw fileTooLarge(kind, limit);
        const e = err as { syscall?: string; statusCode?: number };
        // Disk or bucket trouble is ours (503, or 500 for what we cannot name); anything else from the upload
        // stream is a cut-off or malformed body.
        if (
          err instanceof ApiError ||
          err instanceof StorageUnavailable ||
          e.syscall ||
          (typeof e.statusCode === 'number' && e.statusCode < 500)
        )
          throw err;
        throw detailError(400, 'Загрузка прервана или повреждена. Отправьте файл ещё раз.');
      }
      // The upload's body streams, so its fields are checked here, by the same schema as an edit.
      const details = parseBody(mediaDetailsSchema, fields);
      if (!upload) throw fieldError(kind.fileField, 'Обязательное поле.');
      if (upload.size === 0) throw fieldError(kind.fileField, 'Отправленный файл пуст.');
      return await this.intake(userId, kind, { ...upload, base, key: tmpKey, details }, journal, written);
    } catch (err) {
      await this.undo(journal, written, err);
      throw err;
    }
  }

  /**
   * Refuses (413, the quota's message) `bytes` that cannot fit in the owner's quota beside their media
   * and their other unfinished uploads (all but `exceptUpload`); without a quota every size fits.
   */
  private async ensureRoom(userId: number, bytes: number, exceptUpload?: string): Promise<void> {
    const room = await this.d.usage.room(userId, exceptUpload);
    if (room !== null && bytes > room.free) throw quotaExceeded(room);
  }

  /**
   * Makes the record of a resumable upload whose bytes are complete: they move from `completed.key`
   * to an upload key of the owner's (journalled first, as a multipart upload's bytes are) and are
   * checked and recorded exactly as a multipart upload's (intake()). Refused or failed, nothing of
   * them is left at the new key.
   */
  async adopt(userId: number, kind: MediaKindSpec, completed: CompletedUpload): Promise<Media> {
    if (completed.size === 0) throw fieldError(kind.fileField, 'Отправленный файл пуст.');
    // Other uploads of the owner may have taken the room since this one began.
    await this.ensureRoom(userId, completed.size, completed.uploadId);
    const base = newBase(userId, kind);
    const tmpKey = `${base}${UPLOAD_SUFFIX}`;
    const journal = await this.d.queue.hold(purgeFilesJob({ keys: [tmpKey], prefixes: underBase(base) }));
    const written = [tmpKey];
    try {
      await moveKey(this.d.storage, completed.key, tmpKey);
      return await this.intake(userId, kind, { ...completed, base, key: tmpKey }, journal, written, completed.uploadId);
    } catch (err) {
      await this.undo(journal, written, err);
      throw err;
    }
  }

  /**
   * The part both ways share, from bytes in storage to a record: a file the owner already keeps
   * outside the trash is refused (409, naming that record) and stores nothing new (asked first, and
   * again as the record goes in, under the owner's lock); then the bytes are
   * checked by content (and the kind's header check) and moved to the original's key, and the record
   * is inserted, status 'processing', together with its processing job and the settling of the
   * upload's journal entry: the answer does not wait for the processing. Every key it stores is
   * pushed to `written`.
   */
  private async intake(
    userId: number,
    kind: MediaKindSpec,
    upload: StoredUpload,
    journal: HeldJob,
    written: string[],
    fromUpload?: string,
  ): Promise<Media> {
    const kept = await this.d.repo.findBySha256(userId, upload.sha256);
    if (kept) throw detailError(409, DUPLICATE_MEDIA_DETAIL, { id: kept.id, kind: kept.kind });

    const detected = await detectStream(this.d.storage.read(upload.key), upload.size);
    const stored = detected ? kind.accept(detected) : null;
    if (!stored) throw fieldError(kind.fileField, kind.messages.invalidType);

    const originalKey = `${upload.base}.${stored.ext}`;
    written.push(originalKey);
    await moveKey(this.d.storage, upload.key, originalKey);
    written.splice(written.indexOf(upload.key), 1);
    await this.d.processing.check(kind, originalKey, stored);

    const quota = await this.d.usage.quotaOf(userId);
    const now = this.d.clock.now().toISOString();
    const row = await this.d.repo.transaction(async (repo, trx) => {
      // Asked again under the owner's lock: two uploads of the same new file at once both pass the
      // check above, and only the first to get here makes a record.
      await repo.lockOwner(userId);
      const taken = await repo.findBySha256(userId, upload.sha256);
      if (taken) throw detailError(409, DUPLICATE_MEDIA_DETAIL, { id: taken.id, kind: taken.kind });
      const fresh = {
        user_id: userId,
        kind: kind.name,
        title: upload.details.title ?? '',
        description: upload.details.description ?? '',
        status: 'processing' as const,
        original_key: originalKey,
        mime_type: stored.mime,
        size: upload.size,
        sha256: upload.sha256,
        original_name: cleanName(upload.filename),
        created_at: now,
        updated_at: now,
        renditions_size: 0,
      };
      // With a quota, the row goes in only while the owner's media, this original included, and their
      // other unfinished uploads stay within it: checked again here, atomically, as other uploads of
      // theirs may have finished or begun meanwhile. The renditions do not count against this upload
      // (they may take the total a little past the quota); they count against the next one.
      const inserted =
        quota === null ? await repo.insert(fresh) : await repo.insertWithinQuota(fresh, quota, { now, exceptUpload: fromUpload });
      if (!inserted) return undefined;
      await this.d.queue.enqueue({ kind: kind.job, mediaId: inserted.id }, trx);
      // The journal entry goes with the insert: from here on the record names the bytes.
      if (!(await journal.settle(trx))) throw new Error('the upload journal entry was taken over before the record was made');
      return inserted;
    });
    if (!row) throw quotaExceeded((await this.d.usage.room(userId, fromUpload))!);
    this.d.queue.nudge(kind.job);
    return row;
  }

  /**
   * Removes what a refused or failed upload stored, then its journal entry; what cannot be removed now is
   * left to the entry's job. With the storage unavailable (`cause`) nothing is tried now: each try would
   * wait for the storage's timeout before the answer; the job tries until it can.
   */
  private async undo(journal: HeldJob, written: string[], cause: unknown): Promise<void> {
    if (cause instanceof StorageUnavailable) {
      await journal.release().catch((e: unknown) => this.d.log.error({ err: e }, 'could not hand the upload journal entry to a worker'));
      return;
    }
    try {
      await purgeFiles(this.d.storage, { keys: written });
      await journal.settle();
    } catch (err) {
      // A storage that cannot be used now is what the request's own answer (503) logs already.
      if (!(err instanceof StorageUnavailable)) this.d.log.error({ err }, 'could not remove the files of a failed upload: a job will');
      await journal.release().catch((e: unknown) => this.d.log.error({ err: e }, 'could not hand the upload journal entry to a worker'));
    }
  }
}

/** Where a new upload's files go: `u/<owner>/<kind>/<random>` plus each file's suffix. */
const newBase = (userId: number, kind: MediaKindSpec) => `${userPrefix(userId)}${kind.name}/${randomBytes(12).toString('base64url')}`;

/** The kind's size limit refusal, on its file field (the multipart and the resumable upload alike). */
export const fileTooLarge = (kind: MediaKindSpec, limit: number) =>
  fieldError(kind.fileField, `Файл слишком большой (максимум ${formatMb(limit)} МБ)`, 413);

/** The client's file name, kept for reference only: no paths, no control or bidirectional characters, ≤ 255. */
function cleanName(name: string): string {
  return [...withoutInvisible(name.split(/[\\/]/).pop() ?? '')].slice(0, 255).join('');
}
