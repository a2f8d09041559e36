import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newUserRow } from '../../../server/accounts/users.ts';
import { createMailer, withSmtpTimeouts } from '../../../server/notify/create-mailer.ts';
import { codeIn, newUserBody, post } from '../support/auth.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** One message as the SMTP server received it. */
interface Received {
  from: string;
  to: string[];
  data: string;
}

/**
 * Just enough SMTP on loopback (RFC 5321's happy path): greets, answers EHLO/HELO/MAIL/RCPT/DATA/
 * RSET/NOOP/QUIT, un-stuffs dots and keeps each message. `mute` accepts connections and never speaks.
 */
async function fakeSmtp(opts: { mute?: boolean } = {}) {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (opts.mute) return;
    socket.setEncoding('utf8');
    const say = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let current: Received = { from: '', to: [], data: '' };
    let inData = false;
    let dataLines: string[] = [];
    say('220 localhost ESMTP fake');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push({ ...current, data: dataLines.join('\r\n') });
            current = { from: '', to: [], data: '' };
            say('250 2.0.0 queued');
          } else dataLines.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') say('250-localhost\r\n250 8BITMIME');
        else if (verb === 'HELO' || verb === 'RSET' || verb === 'NOOP') say('250 OK');
        else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          say('250 OK');
        } else if (verb === 'RCPT') {
          current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          say('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          dataLines = [];
          say('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          say('221 Bye');
          socket.end();
        } else say('502 Command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nothing listens on (bound, noted, released). */
async function deadPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

/** RFC 2047 encoded words (B and Q), as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?') // whitespace between adjacent encoded words is not text
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** Headers (unfolded, names lower-cased, values decoded) and the text body of a single-part message. */
function parseMessage(data: string): { headers: Record<string, string>; body: string } {
  const split = data.indexOf('\r\n\r\n');
  const head = data.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const raw = data.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  let body: string;
  if (encoding === 'base64') body = Buffer.from(raw.replace(/\s+/g, ''), 'base64').toString('utf8');
  else if (encoding === 'quoted-printable') {
    const bytes = raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
    body = Buffer.from(bytes, 'latin1').toString('utf8');
  } else body = raw;
  return { headers, body };
}

async function until<T>(get: () => T | undefined, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = get();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('e-mail over SMTP (SMTP_URL)', () => {
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await fakeSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url }, mailer: (config) => createMailer(config, () => {}) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the sign-up code: To, the Russian subject and a body whose code confirms the e-mail', async () => {
    const body = newUserBody();
    const email = String(body.email).toLowerCase();
    const res = await post(t, '/api/auth/register/', body);
    expect(res.statusCode, res.body).toBe(201);

    const message = await until(() => smtp.received.find((m) => m.to.includes(email)));
    expect(message.to).toEqual([email]);
    expect(message.from).toBe('no-reply@localhost');
    const { headers, body: text } = parseMessage(message.data);
    expect(headers.to).toBe(email);
    expect(headers.from).toBe('Копилка <no-reply@localhost>');
    expect(headers.subject).toBe('Копилка: код подтверждения email');
    expect(headers['content-type']).toMatch(/text\/plain; charset=utf-8/i);
    expect(text).toContain('Ваш код подтверждения email в Копилке:');
    expect(t.mailer.sent).toHaveLength(0); // it really went over SMTP

    const verify = await post(t, '/api/auth/verify-email/', { code: codeIn(text), email });
    expect(verify.statusCode, verify.body).toBe(200);
  });

  it('delivers the reset link, and the link sets a new password', async () => {
    const body = newUserBody();
    const email = String(body.email).toLowerCase();
    expect((await post(t, '/api/auth/register/', body)).statusCode).toBe(201);
    const res = await post(t, '/api/auth/reset-password/', { email });
    expect(res.statusCode, res.body).toBe(200);

    const message = await until(() =>
      smtp.received.find((m) => m.to.includes(email) && parseMessage(m.data).headers.subject === 'Копилка: восстановление пароля'),
    );
    const { body: text } = parseMessage(message.data);
    const link = /(http:\/\/localhost:3000\/reset-password\?token=[\w-]+)/.exec(text)?.[1];
    expect(link, text).toBeTruthy();
    const token = new URL(link!).searchParams.get('token');
    const confirm = await post(t, '/api/auth/reset-password/confirm/', {
      token,
      new_password: 'brand-new-pass-9',
      new_password2: 'brand-new-pass-9',
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const login = await post(t, '/api/auth/login/', { email, password: 'brand-new-pass-9' });
    expect(login.statusCode, login.body).toBe(200);
  });
});

describe('a mail server that is down or stuck', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  async function appWithSmtp(url: string) {
    const app = await createTestApp({ env: { SMTP_URL: url }, mailer: (config) => createMailer(config, () => {}) });
    apps.push(app);
    return app;
  }

  it('refused connection: sign-up, resend and reset still answer as usual (no 500)', async () => {
    const t = await appWithSmtp(`smtp://127.0.0.1:${await deadPort()}`);
    const body = newUserBody();
    const email = String(body.email).toLowerCase();
    const reg = await post(t, '/api/auth/register/', body);
    expect(reg.statusCode, reg.body).toBe(201);
    t.clock.advance(61_000); // past the once-a-minute limit
    const resend = await post(t, '/api/auth/resend-verification-code/', { email });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json()).toEqual({ detail: 'Новый код отправлен' });
    const reset = await post(t, '/api/auth/reset-password/', { email });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('a server that accepts and never greets does not hold resend or reset answers', async () => {
    const mute = await fakeSmtp({ mute: true });
    try {
      const t = await appWithSmtp(mute.url);
      // An account made directly, so no send is pending before the requests under test.
      const now = t.clock.now().toISOString();
      await t.db
        .insertInto('users')
        .values(newUserRow({ email: 'stuck@example.com', username: 'stuck', first_name: 'А', last_name: 'Б', password_hash: 'x' }, now))
        .execute();
      const t0 = Date.now();
      const resend = await post(t, '/api/auth/resend-verification-code/', { email: 'stuck@example.com' });
      const reset = await post(t, '/api/auth/reset-password/', { email: 'stuck@example.com' });
      expect(resend.statusCode, resend.body).toBe(200);
      expect(reset.statusCode, reset.body).toBe(200);
      expect(Date.now() - t0).toBeLessThan(3000);
    } finally {
      await mute.close();
    }
  });

  it('gives nodemailer bounded waits unless SMTP_URL sets its own', () => {
    expect(withSmtpTimeouts('smtp://u:p@mail:25')).toBe(
      'smtp://u:p@mail:25?connectionTimeout=10000&greetingTimeout=10000&socketTimeout=30000',
    );
    expect(withSmtpTimeouts('smtps://mail?greetingTimeout=5')).toBe(
      'smtps://mail?greetingTimeout=5&connectionTimeout=10000&socketTimeout=30000',
    );
  });
});
