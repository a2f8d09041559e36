import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { MEDIA_KINDS, type MediaKind } from '../../../contract/media.ts';
import type { UsageRepository } from './repository.ts';

/** GET /api/media/usage/: bytes in total and per kind, and the quota (null: none). */
export type Usage = { total_bytes: number; quota_bytes: number | null } & Record<MediaKind, number>;

/** What the quota leaves the owner: `free` may be below 0; `staged` is the part their unfinished uploads hold. */
export interface Room {
  quota: number;
  free: number;
  staged: number;
}

export interface MediaUsageDeps {
  repo: UsageRepository;
  config: Config;
  clock: Clock;
}

/** What the owner's media take up (originals plus the files made from them, trash included) against the quota. */
export class MediaUsage {
  constructor(private readonly d: MediaUsageDeps) {}

  /** The owner's own quota (set by `npm run admin -- users set-quota`), else USER_QUOTA_BYTES; null when there is none. */
  async quotaOf(userId: number): Promise<number | null> {
    return (await this.d.repo.quotaOf(userId)) ?? this.d.config.userQuotaBytes;
  }

  async of(userId: number): Promise<Usage> {
    const byKind = Object.fromEntries(MEDIA_KINDS.map((k) => [k, 0])) as Record<MediaKind, number>;
    for (const { kind, bytes } of await this.d.repo.bytesByKind(userId)) byKind[kind] = bytes;
    const total = MEDIA_KINDS.reduce((sum, k) => sum + byKind[k], 0);
    return { total_bytes: total, quota_bytes: await this.quotaOf(userId), ...byKind };
  }

  /**
   * The room the quota leaves the owner, null without a quota: every quota check counts the owner's
   * media (trash included) and the declared lengths of their unfinished uploads, but `exceptUpload`
   * (the one whose bytes are being checked).
   */
  async room(userId: number, exceptUpload?: string): Promise<Room | null> {
    const [{ total_bytes, quota_bytes: quota }, staged] = await Promise.all([
      this.of(userId),
      this.d.repo.stagedBytes(userId, this.d.clock.now().toISOString(), exceptUpload),
    ]);
    if (quota === null) return null;
    return { quota, staged, free: quota - total_bytes - staged };
  }
}
