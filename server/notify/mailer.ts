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
