import type { Config } from '../config.ts';
import type { Mailer } from './mailer.ts';

/** SMTP when SMTP_URL is set, else the outbox. (Filled in by the accounts API.) */
export function createMailer(_config: Config, _log: (msg: string) => void): Mailer {
  return { send: async () => {} };
}
