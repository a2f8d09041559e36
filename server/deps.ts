import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/kysely.ts';
import type { Mailer } from './mail/mailer.ts';
import type { MediaProcessor } from './media/processor.ts';
import type { SmsSender } from './sms/sms.ts';
import type { Storage } from './storage/storage.ts';

/** What the app is built from: main.ts opens these once at start, the tests build their own. */
export interface AppDeps {
  config: Config;
  db: Db;
  storage: Storage;
  mailer: Mailer;
  sms: SmsSender;
  clock: Clock;
  processor: MediaProcessor;
}
