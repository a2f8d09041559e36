import type { Config } from '../config.ts';
import type { SmsSender } from './sms.ts';

/** POST to SMS_WEBHOOK_URL when set, else the outbox. (Filled in by the accounts API.) */
export function createSmsSender(_config: Config, _log: (msg: string) => void): SmsSender {
  return { send: async () => {} };
}
