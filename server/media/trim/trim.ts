import { TRIM_END_SLACK_SECONDS, TRIM_MESSAGES, TRIM_MIN_SECONDS, type TrimRequest } from '../../../contract/media.ts';
import { NON_FIELD_ERRORS } from '../../../contract/errors.ts';
import type { Clock } from '../../clock.ts';
import type { Media } from '../../db/types.ts';
import { detailError, fieldError, notFound } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { quotaExceededMessage } from '../../../contract/storage-space.ts';
import { trimJob } from './job.ts';
import type { TrimRepository } from './repository.ts';
import type { MediaUsage } from '../usage/usage.ts';

export interface AudioTrimDeps {
  repo: TrimRepository;
  queue: JobQueue;
  usage: MediaUsage;
  clock: Clock;
}

/**
 * Trimming a ready recording: the request is checked against the recording and answered at once
 * (the record processing again); the 'trim-audio' job does the cutting (trim-job.ts).
 */
export class AudioTrim {
  constructor(private readonly d: AudioTrimDeps) {}

  async request(userId: number, id: number, part: TrimRequest): Promise<Media> {
    const row = await this.d.repo.findOwned(userId, id);
    if (!row) throw notFound();
    if (row.status !== 'ready' || row.duration === null) throw detailError(409, TRIM_MESSAGES.notReady);
    checkPart(part, row.duration);
    await this.ensureRoom(row, part);
    const now = this.d.clock.now().toISOString();
    const started = await this.d.repo.transaction(async (repo, trx) => {
      const again = await repo.startOwned(userId, id, now);
      if (again) await this.d.queue.enqueue(trimJob(again.id, part), trx);
      return again;
    });
    // Changed since it was read (another trim, a deletion): whatever it is now, it is not ready.
    if (!started) throw detailError(409, TRIM_MESSAGES.notReady);
    this.d.queue.nudge('trim-audio');
    return started;
  }

  /**
   * With a quota, the cut must fit beside what the owner keeps (the untrimmed version stays, in the
   * trash) and the owner's unfinished uploads: its share of the original and of the MP3, by time, is
   * refused with 413 when it cannot.
   */
  private async ensureRoom(row: Media, { start, end }: TrimRequest): Promise<void> {
    if (!row.duration) return;
    const room = await this.d.usage.room(row.user_id);
    if (room === null) return;
    const share = Math.min(1, (end - start) / row.duration);
    const needed = Math.ceil((row.size + (row.renditions_size ?? 0)) * share);
    if (needed > room.free) throw detailError(413, quotaExceededMessage(Math.max(0, room.free), room.quota, room.staged));
  }
}

/** The part must lie within the recording and keep at least TRIM_MIN_SECONDS of it. */
function checkPart({ start, end }: TrimRequest, duration: number): void {
  if (end <= start) throw fieldError('end', TRIM_MESSAGES.endBeforeStart);
  if (end > duration + TRIM_END_SLACK_SECONDS) throw fieldError('end', TRIM_MESSAGES.pastEnd(duration));
  if (end - start < TRIM_MIN_SECONDS) throw fieldError(NON_FIELD_ERRORS, TRIM_MESSAGES.tooShort);
}
