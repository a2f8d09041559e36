import { TRIM_END_SLACK_SECONDS, TRIM_MESSAGES, TRIM_MIN_SECONDS, type TrimRequest } from '../../lib/contract/media.ts';
import { NON_FIELD_ERRORS } from '../../lib/contract/errors.ts';
import type { Clock } from '../clock.ts';
import type { Media } from '../db/types.ts';
import { detailError, fieldError, notFound } from '../errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { trimJob } from './trim-job.ts';
import type { TrimRepository } from './trim-repository.ts';

export interface AudioTrimDeps {
  repo: TrimRepository;
  queue: JobQueue;
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
}

/** The part must lie within the recording and keep at least TRIM_MIN_SECONDS of it. */
function checkPart({ start, end }: TrimRequest, duration: number): void {
  if (end <= start) throw fieldError('end', TRIM_MESSAGES.endBeforeStart);
  if (end > duration + TRIM_END_SLACK_SECONDS) throw fieldError('end', TRIM_MESSAGES.pastEnd(duration));
  if (end - start < TRIM_MIN_SECONDS) throw fieldError(NON_FIELD_ERRORS, TRIM_MESSAGES.tooShort);
}
