import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer.ts';
import type { SmsSender } from './sms.ts';

/**
 * Sends e-mail and SMS without letting a failing SMTP server or gateway turn an answer into a 500:
 * failures are logged (without the code) and the caller carries on.
 */
export class Delivery {
  constructor(
    private readonly mailer: Mailer,
    private readonly sms: SmsSender,
    private readonly log: FastifyBaseLogger,
  ) {}

  async mail(to: string, message: { subject: string; text: string }): Promise<boolean> {
    try {
      await this.mailer.send({ to, ...message });
      return true;
    } catch (err) {
      this.log.error({ err: err instanceof Error ? err.message : String(err), to }, 'e-mail not sent');
      return false;
    }
  }

  async text(to: string, text: string): Promise<boolean> {
    try {
      await this.sms.send(to, text);
      return true;
    } catch (err) {
      this.log.error({ err: err instanceof Error ? err.message : String(err), to }, 'SMS not sent');
      return false;
    }
  }
}
