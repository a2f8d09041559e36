import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, multipart } from '../support/media-fixtures.ts';
import { connect, head, sleep, statuses } from '../support/raw-http.ts';
import { settle } from '../support/processing.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { storedFiles } from '../support/test-storage.ts';

/**
 * Slow clients cannot hold the server: a request head, a body, an idle keep-alive connection and a
 * client that stops reading are each cut off after their limit, while an upload only has to keep
 * making progress. The limits are shrunk to about a second here; each trickle below would take far
 * longer than the wait for the cut.
 */
describe('request timeouts on a real connection', () => {
  let t: TestApp;
  let port: number;
  let user: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    t = await createTestApp({
      app: {
        timeouts: {
          headersMs: 1000,
          bodyMs: 1000,
          uploadWindowMs: 1000,
          uploadMinBytes: 1,
          idleMs: 1000,
          keepAliveMs: 1000,
          checkIntervalMs: 100,
        },
      },
      routes: (app) => {
        // Stands for work that takes the server longer than the idle limit (a long ffmpeg run).
        app.get('/api/test-slow-answer', async () => {
          await sleep(2500);
          return { done: true };
        });
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    user = await createUser(t);
  });
  afterAll(() => t.close());

  it('cuts off a JSON body to /api/auth/login/ trickled one byte at a time, answering 408', async () => {
    const body = JSON.stringify({ email: 'slow@example.com', password: 'trickle-trickle' });
    const c = await connect(port);
    await c.write(head('POST', '/api/auth/login/', { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }));
    // One byte every 400 ms: the whole body would take ~20 s.
    const trickle = (async () => {
      for (const ch of body) {
        if (c.isClosed()) return;
        await c.write(ch);
        await sleep(400);
      }
    })();
    expect(await c.waitClosed(12_000)).toBe(true);
    expect(statuses(c.received())).toEqual([408]);
    expect(c.received()).toContain('Connection: close');
    await trickle;
  });

  it('cuts off a request head that trickles in, and a connection that never sends one', async () => {
    const slow = await connect(port);
    const silent = await connect(port);
    await slow.write('POST /api/auth/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const trickle = (async () => {
      for (let i = 0; i < 50 && !slow.isClosed(); i++) {
        await slow.write('X');
        await sleep(400);
      }
    })();
    expect(await slow.waitClosed(12_000)).toBe(true);
    expect(await silent.waitClosed(12_000)).toBe(true);
    expect(statuses(slow.received())).toEqual([408]);
    await trickle;
  });

  it('closes an idle keep-alive connection after its limit', async () => {
    const c = await connect(port);
    await c.write(head('GET', '/api/health/', {}));
    expect(await c.waitFor(/\r\n\r\n\{"status":"ok"\}/)).toBe(true);
    expect(await c.waitClosed(12_000)).toBe(true);
  });

  it('keeps no listener per request on a keep-alive connection', async () => {
    const server = new Promise<import('node:net').Socket>((r) => t.app.server.once('connection', r));
    const c = await connect(port);
    const socket = await server;
    const ask = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const before = statuses(c.received()).length;
        await c.write(head('POST', '/api/auth/login/', { 'Content-Type': 'application/json', 'Content-Length': 2 }) + '{}');
        expect(await c.waitForResponses(before + 1), c.received()).toBe(true);
      }
    };
    await ask(2);
    const listeners = socket.listenerCount('close') + socket.listenerCount('end');
    await ask(20);
    expect(socket.listenerCount('close') + socket.listenerCount('end')).toBe(listeners);
    c.close();
  });

  it('closes the connection of a client that stops reading a download', async () => {
    const out = t.config.outDir;
    mkdirSync(out, { recursive: true });
    // Far more than the socket buffers hold, so the server is left waiting on the client.
    writeFileSync(path.join(out, 'big.bin'), Buffer.alloc(64 * 1024 * 1024, 7));
    const c = await connect(port);
    c.socket.pause();
    await c.write(head('GET', '/big.bin', {}));
    await sleep(300);
    const open = async () => new Promise<number>((r) => t.app.server.getConnections((_e, n) => r(n)));
    const end = Date.now() + 12_000;
    while ((await open()) > 0 && Date.now() < end) await sleep(100);
    expect(await open()).toBe(0);
    c.close();
  });

  it('still answers a request the server takes longer than the idle limit to work on', async () => {
    const c = await connect(port);
    await c.write(head('GET', '/api/test-slow-answer', {}));
    expect(await c.waitFor(/\{"done":true\}/, 12_000)).toBe(true);
    expect(statuses(c.received())).toEqual([200]);
    c.close();
  });

  describe('uploads', () => {
    let photo: Buffer;
    beforeAll(async () => {
      // Noise does not compress: about 100 KB of PNG.
      const raw = Buffer.alloc(200 * 160 * 3);
      for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
      photo = await sharp(raw, { raw: { width: 200, height: 160, channels: 3 } })
        .png()
        .toBuffer();
    });

    const uploadHead = (form: { payload: Buffer; headers: Record<string, string> }) =>
      head('POST', '/api/media/photo/', { ...user.headers, ...form.headers, 'Content-Length': form.payload.length });

    it('lets a slow upload through for as long as it keeps making progress', async () => {
      const form = multipart({ title: 'медленно' }, { field: 'file', filename: 'slow.png', contentType: 'image/png', data: photo });
      const c = await connect(port);
      await c.write(uploadHead(form));
      // ~4 s in all (four times the body limit), a piece every 200 ms.
      const pieces = 20;
      const size = Math.ceil(form.payload.length / pieces);
      for (let off = 0; off < form.payload.length; off += size) {
        await c.write(form.payload.subarray(off, off + size));
        await sleep(200);
      }
      expect(await c.waitFor(/\r\n\r\n\{.*"title":"медленно"/s, 15_000)).toBe(true);
      expect(statuses(c.received())).toEqual([201]);
      c.close();
    });

    it('cuts off an upload that stops making progress, leaving no file and no row', async () => {
      await settle(t); // the photo saved before: its job done before the storage is compared
      const before = await t.db.selectFrom('media').select('id').execute();
      const filesBefore = await storedFiles(t);
      const form = multipart({ title: 'застряло' }, { field: 'file', filename: 'stuck.png', contentType: 'image/png', data: photo });
      const c = await connect(port);
      await c.write(uploadHead(form));
      await c.write(form.payload.subarray(0, form.payload.length >> 1));
      expect(await c.waitClosed(12_000)).toBe(true);
      expect(statuses(c.received())).toEqual([408]);
      const after = await t.db.selectFrom('media').select('id').execute();
      expect(after).toEqual(before);
      const end = Date.now() + 5000;
      while ((await storedFiles(t)).length !== filesBefore.length && Date.now() < end) await sleep(50);
      expect(await storedFiles(t)).toEqual(filesBefore);
    });
  });
});
