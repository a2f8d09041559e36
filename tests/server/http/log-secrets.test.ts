import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../../server/notify/create-mailer.ts';
import { signMediaPath } from '../../../server/media/files/signing.ts';
import { newUserBody, post } from '../support/auth.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Logs are read by more people and kept longer than the data: no one-time code, reset token or media
 * signature may appear in them. The outbox files keep the messages; the log only says where.
 */
describe('secrets stay out of the logs', () => {
  let t: TestApp;
  const log: string[] = [];
  const outbox = () => path.join(t.dataDir, 'outbox');
  const outboxTexts = () => {
    try {
      return readdirSync(outbox()).map((f) => readFileSync(path.join(outbox(), f), 'utf8'));
    } catch {
      return [];
    }
  };
  async function until(check: () => boolean): Promise<void> {
    const end = Date.now() + 10_000;
    while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(check()).toBe(true);
  }

  beforeAll(async () => {
    t = await createTestApp({
      // debug: the web export's pages are logged there (the reset link's page among them).
      env: { LOG_LEVEL: 'debug' },
      app: { logStream: { write: (line: string) => void log.push(line) } },
      mailer: (config) => createMailer(config, (line) => log.push(line)),
    });
  });
  afterAll(() => t.close());

  it('logs request paths without their query: no reset token, no media signature', async () => {
    const body = newUserBody();
    expect((await post(t, '/api/auth/register/', body)).statusCode).toBe(201);
    await until(() => outboxTexts().length === 1);
    const code = /\b(\d{6})\b/.exec(outboxTexts()[0]!.split('\r\n\r\n')[1]!)?.[1];
    expect(code).toBeTruthy();

    expect((await post(t, '/api/auth/verify-email/', { code, email: body.email })).statusCode).toBe(200);
    expect((await post(t, '/api/auth/reset-password/', { email: body.email })).statusCode).toBe(200);
    await until(() => outboxTexts().some((text) => text.includes('reset-password?token=')));
    const token = outboxTexts()
      .map((text) => /reset-password\?token=([\w-]+)/.exec(text)?.[1])
      .find(Boolean)!;

    const resetPage = await t.app.inject({ url: `/reset-password?token=${token}` });
    expect([200, 404]).toContain(resetPage.statusCode);
    const signed = signMediaPath(t.config.secretKey, 'u/1/audio/some-key.mp3', t.clock.now());
    const sig = new URL(signed, 'http://x').searchParams.get('sig')!;
    await t.app.inject({ url: signed });

    const all = log.join('\n');
    expect(all).toContain('"url":"/reset-password"');
    expect(all).toContain('"url":"/media/u/1/audio/some-key.mp3"');
    expect(all).not.toContain('token=');
    expect(all).not.toContain(sig);
    expect(all).not.toContain('exp=');
    expect(all).not.toContain(code!);
    expect(all).not.toContain(token);
    // Each outbox message is announced by its file only.
    expect(log.filter((line) => line.includes('outbox')).sort()).toEqual(
      readdirSync(outbox())
        .map((f) => `mail written to outbox: ${path.join(outbox(), f)}`)
        .sort(),
    );
  });
});
