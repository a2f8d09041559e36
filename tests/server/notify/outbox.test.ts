import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { outboxMailer } from '../../../server/notify/create-mailer.ts';
import { outboxSms, webhookSms } from '../../../server/notify/create-sms.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'kopilka-outbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('outbox adapters', () => {
  it('writes an e-mail as a plain 8-bit UTF-8 .eml whose body carries the code as is', async () => {
    const logs: string[] = [];
    const mailer = outboxMailer(path.join(dir, 'mail'), 'Копилка <no-reply@localhost>', (m) => logs.push(m));
    await mailer.send({
      to: 'anna@example.com',
      subject: 'Копилка: код',
      text: 'Ваш код: 012345\nСсылка: http://x/reset-password?token=a_b-c',
    });
    const files = readdirSync(path.join(dir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{13}-[0-9a-f]{4}\.eml$/);
    const raw = readFileSync(path.join(dir, 'mail', files[0]!), 'utf8');
    const [head, ...rest] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^From: =\?UTF-8\?B\?.+\?= <no-reply@localhost>$/m);
    expect(head).toMatch(/^To: anna@example\.com$/m);
    expect(head).toMatch(/^Subject: =\?UTF-8\?B\?/m);
    expect(head).toMatch(/^Date: /m);
    expect(head).toContain('MIME-Version: 1.0');
    expect(head).toContain('Content-Type: text/plain; charset=utf-8');
    expect(head).toContain('Content-Transfer-Encoding: 8bit');
    expect(rest.join('')).toContain('Ваш код: 012345');
    expect(rest.join('')).toContain('reset-password?token=a_b-c');
    // The log names the file, never the code or the link.
    expect(logs).toEqual([`mail written to outbox: ${path.join(dir, 'mail', files[0]!)}`]);
  });

  it('writes an SMS as To:, a blank line and the text, and logs only the file', async () => {
    const logs: string[] = [];
    const sms = outboxSms(path.join(dir, 'sms'), (m) => logs.push(m));
    await sms.send('+79001234567', 'Копилка: код 654321');
    const files = readdirSync(path.join(dir, 'sms'));
    expect(files[0]).toMatch(/^\d{13}-[0-9a-f]{4}\.sms\.txt$/);
    expect(readFileSync(path.join(dir, 'sms', files[0]!), 'utf8')).toBe('To: +79001234567\n\nКопилка: код 654321\n');
    expect(logs).toEqual([`SMS written to outbox: ${path.join(dir, 'sms', files[0]!)}`]);
  });

  it('posts JSON {to, text} to the SMS webhook and fails on a non-2xx answer', async () => {
    const received: unknown[] = [];
    let status = 200;
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const sent: unknown = JSON.parse(body);
        received.push({ type: req.headers['content-type'], body: sent });
        res.statusCode = status;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
      await webhookSms(url).send('+79001234567', 'код 111222');
      expect(received).toEqual([{ type: 'application/json', body: { to: '+79001234567', text: 'код 111222' } }]);
      status = 502;
      await expect(webhookSms(url).send('+79001234567', 'x')).rejects.toThrow(/502/);
    } finally {
      server.close();
    }
  });
});
