import type { FastifyBaseLogger } from 'fastify';

/**
 * What the server's features send through, the one module of notify/ they import: e-mail and SMS by Delivery,
 * over a Mailer and an SmsSender that the processes open (create-mailer.ts: SMTP or the outbox;
 * create-sms.ts: the webhook or the outbox) and the tests replace. The words of each message are its
 * feature's (`<feature>/messages.ts`).
 */

/** Outgoing e-mail. Adapters: SMTP (nodemailer over SMTP_URL) or the outbox under DATA_DIR/outbox. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Outgoing SMS. Adapters: POST to SMS_WEBHOOK_URL, or the outbox under DATA_DIR/outbox. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

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
