import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { SmsSender } from './delivery.ts';

const WEBHOOK_TIMEOUT_MS = 10_000;

/** POST to SMS_WEBHOOK_URL when set, else the outbox. */
export function createSmsSender(config: Config, log: (msg: string) => void): SmsSender {
  if (config.smsWebhookUrl) return webhookSms(config.smsWebhookUrl);
  return outboxSms(path.join(config.dataDir, 'outbox'), log);
}

/** JSON {to, text} to the gateway; anything but a 2xx is an error for the caller to log. */
export function webhookSms(url: string): SmsSender {
  return {
    async send(to, text) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`SMS webhook answered ${res.status}`);
    },
  };
}

/** Writes each SMS to a .sms.txt file; the log names the file only (the text carries a code). */
export function outboxSms(dir: string, log: (msg: string) => void): SmsSender {
  return {
    async send(to, text) {
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${Date.now()}-${randomBytes(2).toString('hex')}.sms.txt`);
      await writeFile(file, `To: ${to.replace(/[\r\n]/g, '')}\n\n${text}\n`, 'utf8');
      log(`SMS written to outbox: ${file}`);
    },
  };
}
