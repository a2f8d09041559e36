import type { DataStore } from '@tus/utils';
import { z } from 'zod';
import { MEDIA_KINDS as MEDIA_KIND_NAMES } from '../../contract/media.ts';
import { quotaExceededMessage } from '../../contract/storage-space.ts';
import { MAX_UNFINISHED_UPLOADS, RESUMABLE_UPLOAD_LIFETIME_MS } from '../../contract/uploads.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Media, Upload } from '../db/types.ts';
import { ApiError, detailError, fieldError, notFound } from '../http/errors.ts';
import type { BackgroundWork } from '../media/processing/background.ts';
import type { MediaLog } from '../media/log.ts';
import { sha256Of } from '../media/upload/checksum.ts';
import { mediaDetailsSchema } from '../media/fields.ts';
import { MEDIA_KINDS, type MediaKindSpec } from '../media/kinds.ts';
import { fileTooLarge, type MediaUploads } from '../media/upload/intake.ts';
import type { Storage } from '../storage/storage.ts';
import { parseFields, REQUIRED } from '../http/validation.ts';
import type { UploadsRepository } from './repository.ts';
import type { AbandonedUploads } from './cleanup.ts';
import { digestOf } from './running-hash.ts';
import { stagingKey } from '../storage/upload-keys.ts';

export interface ResumableUploadsDeps {
  repo: UploadsRepository;
  /** The tus store the uploads' bytes are staged in (staging-store.ts). */
  store: DataStore;
  storage: Storage;
  intake: MediaUploads;
  /** Work off the request path (removing what a refused creation left), drained at shutdown. */
  background: BackgroundWork;
  /** Removes an upload with its bytes, and the abandoned ones (the 'remove-abandoned-uploads' job's work). */
  cleanup: AbandonedUploads;
  clock: Clock;
  config: Config;
  log: MediaLog;
}

/** A kind the server does not keep: «Неизвестный вид записи: нужен audio, photo или video.», naming every kind. */
const UNKNOWN_KIND = `Неизвестный вид записи: нужен ${new Intl.ListFormat('ru', { type: 'disjunction' }).format(MEDIA_KIND_NAMES)}.`;

/** A new upload's Upload-Metadata: the record's details as an edit takes them, its kind and the file's name. */
const metadataSchema = mediaDetailsSchema.extend({
  kind: z.enum(MEDIA_KIND_NAMES, {
    error: (issue) => (issue.input === undefined ? REQUIRED : UNKNOWN_KIND),
  }),
  filename: z.string().optional(),
});

export const GONE_MESSAGE = 'Загрузка устарела и удалена: отправьте файл заново.';
export const TOO_MANY_UNFINISHED = `Слишком много незавершённых загрузок: одновременно можно не больше ${MAX_UNFINISHED_UPLOADS}. Дождитесь, пока текущие завершатся.`;
export const STAGING_FULL = 'Сервер сейчас принимает слишком много загрузок. Повторите попытку позже.';

/** When to try again after the server's staging budget was full: uploads take minutes to finish. */
const STAGING_RETRY_AFTER_SECONDS = 300;
export const FINISHING_MESSAGE = 'Эта загрузка уже завершается.';

/**
 * The rules of resumable uploads: who may begin, continue or end one, what it may be, when it is
 * abandoned, and how a complete one becomes a record (through the same intake as a multipart upload).
 */
export class ResumableUploads {
  constructor(private readonly d: ResumableUploadsDeps) {}

  /**
   * A new upload of `userId`: its metadata is checked with the rules of an edit, its length against its
   * kind's size limit, and its row is kept (expiring after RESUMABLE_UPLOAD_LIFETIME_MS) only within
   * the limits of staging: at most MAX_UNFINISHED_UPLOADS unfinished per user (429), the owner's media
   * and unfinished uploads (each with its declared length) within the quota (413), and every user's
   * unfinished uploads within UPLOAD_STAGING_BYTES (429). The quota is checked again when it completes.
   */
  async begin(userId: number, id: string, size: number | undefined, metadata: Record<string, string | null> | undefined): Promise<Upload> {
    // A key without a value is how tus writes an empty one.
    const fields = Object.fromEntries(Object.entries(metadata ?? {}).map(([key, value]) => [key, value ?? '']));
    const meta = parseFields(metadataSchema, fields);
    const kind = MEDIA_KINDS[meta.kind];
    if (size === undefined) throw detailError(400, 'Нужна длина файла (Upload-Length).');
    if (size === 0) throw fieldError(kind.fileField, 'Отправленный файл пуст.');
    const limit = kind.limit(this.d.config);
    if (size > limit) throw fileTooLarge(kind, limit);
    const now = this.d.clock.now();
    const admission = await this.d.repo.admit(
      {
        id,
        user_id: userId,
        kind: kind.name,
        title: meta.title ?? '',
        description: meta.description ?? '',
        filename: meta.filename ?? '',
        size,
        hash_offset: 0,
        hash_state: null,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + RESUMABLE_UPLOAD_LIFETIME_MS).toISOString(),
        finishing_at: null,
      },
      {
        maxPerUser: MAX_UNFINISHED_UPLOADS,
        stagingBudget: this.d.config.uploadStagingBytes,
        quota: this.d.config.userQuotaBytes,
        now: now.toISOString(),
      },
    );
    if ('admitted' in admission) return admission.admitted;
    if (admission.refused === 'count') throw detailError(429, TOO_MANY_UNFINISHED);
    if (admission.refused === 'budget')
      throw new ApiError(429, { detail: STAGING_FULL }, { 'Retry-After': String(STAGING_RETRY_AFTER_SECONDS) });
    const { free, quota, staged } = admission.room;
    throw detailError(413, quotaExceededMessage(Math.max(0, free), quota, staged));
  }

  /**
   * The upload `userId` goes on with (HEAD, PATCH) or ends (DELETE, `toRemove`): another user's or an
   * unknown one is not found; an abandoned one is removed and gone (410); one being turned into a
   * record is not removed under it (409).
   */
  async access(userId: number, id: string, { toRemove = false } = {}): Promise<Upload> {
    const row = stagingKey(id) ? await this.d.repo.find(id) : undefined;
    if (!row || row.user_id !== userId) throw notFound();
    if (this.expired(row)) {
      await this.d.cleanup.discard(id);
      throw detailError(410, GONE_MESSAGE);
    }
    if (toRemove && row.finishing_at !== null) throw detailError(409, FINISHING_MESSAGE);
    return row;
  }

  /**
   * Turns a complete upload into a record, once, for the request that gets there first: its bytes
   * are hashed (the running hash, or a read of them when it was lost) and handed to the media intake,
   * which checks and processes them as a multipart upload's. The staged upload is removed whatever
   * the outcome: a refused file is not kept either.
   */
  async finish(userId: number, id: string): Promise<{ kind: MediaKindSpec; record: Media }> {
    const row = await this.d.repo.claimFinishing(id, userId, this.d.clock.now().toISOString());
    if (!row) throw detailError(409, FINISHING_MESSAGE);
    const key = stagingKey(id)!;
    const kind = MEDIA_KINDS[row.kind];
    try {
      const sha256 =
        row.hash_offset === row.size && row.hash_state !== null ? await digestOf(row.hash_state) : await sha256Of(this.d.storage.read(key));
      const record = await this.d.intake.adopt(userId, kind, {
        uploadId: id,
        key,
        size: row.size,
        filename: row.filename,
        sha256,
        details: { title: row.title, description: row.description },
      });
      return { kind, record };
    } finally {
      await this.d.cleanup.discard(id);
    }
  }

  /**
   * Drops an upload whose creation failed on the server's side (its answer gave no Location): the row goes
   * now, so nothing names it whatever else fails; what the store may have made of it is removed in the
   * background (with the storage unavailable that waits for its timeouts; what is left then is the storage
   * check's, as bytes no row names).
   */
  async abandon(id: string): Promise<void> {
    try {
      await this.d.repo.delete(id);
    } catch (err) {
      this.d.log.error({ err, upload: id }, 'could not drop a refused resumable upload: the cleanup will');
      return;
    }
    this.d.background.run('remove a refused resumable upload', () => this.d.store.remove(id).catch(() => {}));
  }

  /**
   * The admin area's «Отменить»: the upload goes with its bytes (its owner's next request finds it gone);
   * false when it is not there. One being turned into a record is refused (409).
   */
  async cancel(id: string): Promise<boolean> {
    const row = stagingKey(id) ? await this.d.repo.find(id) : undefined;
    if (!row) return false;
    if (row.finishing_at !== null) throw detailError(409, FINISHING_MESSAGE);
    return this.d.cleanup.discard(id);
  }

  private expired(row: Upload): boolean {
    return row.expires_at < this.d.clock.now().toISOString();
  }

  /** Removes the uploads abandoned by now, with their bytes; returns how many (cleanup.ts; the tests call it here). */
  removeExpired(): Promise<number> {
    return this.d.cleanup.removeExpired();
  }
}
