import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { MailMessage, Mailer } from './delivery.ts';

/** SMTP when SMTP_URL is set, else the outbox. */
export function createMailer(config: Config, log: (msg: string) => void): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.smtpFrom);
  return outboxMailer(path.join(config.dataDir, 'outbox'), config.smtpFrom, log);
}

/**
 * nodemailer: the de-facto SMTP client for Node (TLS, auth and pooling from one URL). Its default
 * waits (2 min to connect, 10 min idle) would hold a sign-up that far; a mail server this slow
 * counts as down (the failure is logged and the user can ask for the code again).
 */
function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(withSmtpTimeouts(url));
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
  };
}

const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** nodemailer reads transport options from the URL's query; ones SMTP_URL sets itself win. */
export function withSmtpTimeouts(url: string): string {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const given = new Set(new URLSearchParams(query).keys());
  const extra = Object.entries(SMTP_TIMEOUTS)
    .filter(([key]) => !given.has(key))
    .map(([key, ms]) => `${key}=${ms}`);
  if (!extra.length) return url;
  return `${url}${query ? '&' : url.includes('?') ? '' : '?'}${extra.join('&')}`;
}

/** RFC 2047 encoded-word for non-ASCII header values. */
export const encodeHeader = (value: string) =>
  /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;

/** The From header with only the display name encoded. */
function encodeAddress(value: string): string {
  const m = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(value);
  return m ? `${encodeHeader(m[1]!)} <${m[2]}>` : value;
}

/**
 * Writes each message as a plain-text .eml (8-bit UTF-8 body, not quoted-printable, so people and
 * the end-to-end tests can read the code and link straight from the file). The log names the file
 * only: codes and links are secrets, and logs travel further than the outbox.
 */
export function outboxMailer(dir: string, from: string, log: (msg: string) => void): Mailer {
  return {
    async send(message: MailMessage) {
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${Date.now()}-${randomBytes(2).toString('hex')}.eml`);
      const headers = [
        `From: ${encodeAddress(from)}`,
        `To: ${message.to.replace(/[\r\n]/g, '')}`,
        `Subject: ${encodeHeader(message.subject)}`,
        `Date: ${new Date().toUTCString()}`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
      ];
      await writeFile(file, `${headers.join('\r\n')}\r\n\r\n${message.text}\n`, 'utf8');
      log(`mail written to outbox: ${file}`);
    },
  };
}
