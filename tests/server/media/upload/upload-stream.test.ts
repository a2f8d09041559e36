import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioRecordSchema } from '../../../../contract/media.ts';
import { matching } from '../../support/inject-json.ts';
import { audioFixtures, createUser, tempDir } from '../../support/media-fixtures.ts';
import { processed } from '../../support/processing.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { storedFiles } from '../../support/test-storage.ts';

/** Uploads over a real socket: what happens when the client goes away or sends too much. */
describe('audio uploads over a real connection', () => {
  let t: TestApp;
  let port: number;
  let user: Awaited<ReturnType<typeof createUser>>;
  let wav: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_AUDIO_BYTES: String(8 * 1024 * 1024) } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    user = await createUser(t);
    wav = readFileSync((await audioFixtures(await tempDir(), 3)).wav);
  });
  afterAll(() => t.close());

  const rows = () => t.db.selectFrom('media').selectAll().execute();

  async function until(check: () => Promise<boolean> | boolean, ms = 5000): Promise<boolean> {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (await check()) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return check();
  }

  /** Starts a multipart upload declaring `declared` bytes of file, sends `sent` of them, then hangs up. */
  function abortedUpload(declared: number, sent: number): Promise<void> {
    const boundary = 'xxkopilkaxx';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nоборвано\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="audio_file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/media/audio/',
      headers: {
        ...user.headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + declared + tail.length),
      },
    });
    return new Promise((resolve) => {
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(head);
      let off = 0;
      const pump = () => {
        while (off < sent) {
          const chunk = wav.subarray(off % wav.length, Math.min(wav.length, (off % wav.length) + 16384));
          off += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        // Give the server time to have written part of the file, then vanish mid-body.
        setTimeout(() => req.destroy(), 200);
      };
      pump();
    });
  }

  it('leaves no file and no row when the client aborts mid-upload', async () => {
    await abortedUpload(4 * 1024 * 1024, 1024 * 1024);
    expect(await until(async () => (await storedFiles(t)).length === 0)).toBe(true);
    expect(await rows()).toEqual([]);
    // The server is still fine afterwards.
    const ok = await fetch(`http://127.0.0.1:${port}/api/media/audio/`, { headers: user.headers });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual([]);
  });

  it('answers 413 to an oversize upload without storing it, and a normal upload still works', async () => {
    const big = Buffer.alloc(9 * 1024 * 1024, 1);
    const form = new FormData();
    form.set('title', 'слишком большой');
    form.set('audio_file', new Blob([new Uint8Array(wav), new Uint8Array(big)]), 'big.wav');
    const res = await fetch(`http://127.0.0.1:${port}/api/media/audio/`, { method: 'POST', headers: user.headers, body: form }).catch(
      (e: Error) => e,
    );
    // The rest of the body is read and dropped, so the client still gets the answer.
    expect(res).not.toBeInstanceOf(Error);
    if (!(res instanceof Error)) {
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ audio_file: ['Файл слишком большой (максимум 8 МБ)'] });
    }
    expect(await until(async () => (await storedFiles(t)).length === 0)).toBe(true);
    expect(await rows()).toEqual([]);

    const okForm = new FormData();
    okForm.set('title', 'нормальный');
    okForm.set('audio_file', new Blob([new Uint8Array(wav)]), 'ok.wav');
    const ok = await fetch(`http://127.0.0.1:${port}/api/media/audio/`, { method: 'POST', headers: user.headers, body: okForm });
    expect(ok.status).toBe(201);
    const created = matching(audioRecordSchema, await ok.json());
    expect(created.title).toBe('нормальный');
    await processed(t, user, 'audio', created.id);
    expect((await storedFiles(t)).length).toBe(2); // the original and its MP3
  });
});
