import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/kysely.ts';
import type { Mailer, SmsSender } from './notify/delivery.ts';
import type { MediaProcessor } from './media/processing/types.ts';
import type { Storage } from './storage/storage.ts';

/** What the app is built from: process/api.ts opens these once at start, the tests build their own. */
export interface AppDeps {
  config: Config;
  db: Db;
  storage: Storage;
  mailer: Mailer;
  sms: SmsSender;
  clock: Clock;
  /**
   * The clock of the times processes must agree on: job claims, leases and schedules, upload locks. The
   * database's (DatabaseClock) in process/api.ts and process/worker.ts; unset, `clock` serves (tests drive both by it).
   */
  jobClock?: Clock;
  processor: MediaProcessor;
  /** What the media storage was found at start not to implement (storage/abilities.ts); none when unset. */
  storageLacks?: readonly string[];
}
