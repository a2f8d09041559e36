import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/media-fixtures.ts';
import { connect } from '../support/raw-http.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface Line {
  level: number;
  time: string;
  msg: string;
  req?: { method: string; url: string; host?: string; remoteAddress?: string };
  route?: string | null;
  status?: number;
  ms?: number;
}

/**
 * The log an operator reads (issue 46, R4): one line per request with its method, path, route template,
 * status and time; the health probes and the web export's files only at debug; a client that hangs up
 * mid-request named as such, not as a database that is down.
 */
describe('the request log', () => {
  let t: TestApp;
  let port: number;
  const lines: Line[] = [];
  /** The request lines written since `n` lines (job runs of the app's worker may come between). */
  const since = (n: number) => lines.slice(n).filter((l) => l.req !== undefined);

  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      app: { logStream: { write: (l: string) => void lines.push(JSON.parse(l) as Line) } },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    mkdirSync(path.join(t.config.outDir, '_next', 'static'), { recursive: true });
    writeFileSync(path.join(t.config.outDir, 'index.html'), '<!doctype html><title>Копилка</title>');
    writeFileSync(path.join(t.config.outDir, '_next', 'static', 'x.js'), 'void 0;');
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('writes one line per API request: method, path, route template, status and ms, with an ISO time', async () => {
    const user = await createUser(t);
    const before = lines.length;
    const res = await fetch(`http://127.0.0.1:${port}/api/media/audio/?ordering=-created_at`, { headers: user.headers });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    await until(() => since(before).length > 0);
    const mine = since(before);
    expect(mine).toHaveLength(1);
    const [line] = mine;
    expect(line).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/api/media/audio/', remoteAddress: '127.0.0.1', host: `127.0.0.1:${port}` },
      route: '/api/media/audio',
      status: 200,
    });
    expect(line!.msg).toMatch(/^GET \/api\/media\/audio\/ 200 \d+ ms$/);
    expect(line!.ms).toBeGreaterThanOrEqual(0);
    expect(line!.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(JSON.stringify(mine)).not.toContain('ordering');
  });

  it('says nothing at info of the health probes and of the web export’s files', async () => {
    const before = lines.length;
    const statuses: number[] = [];
    for (const url of ['/api/health/', '/api/health/live/', '/api/health/ready/', '/', '/_next/static/x.js', '/wp-login.php']) {
      const res = await fetch(`http://127.0.0.1:${port}${url}`);
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 404]);
    const marker = await fetch(`http://127.0.0.1:${port}/api/nothing-here/`);
    expect(marker.status).toBe(404);
    await until(() => since(before).length > 0);
    expect(since(before).map((l) => l.msg)).toEqual([expect.stringMatching(/^GET \/api\/nothing-here\/ 404 \d+ ms$/)]);
  });

  it('logs a client that hangs up mid-body as what it is, at info, not as the database unavailable', async () => {
    const before = lines.length;
    const c = await connect(port);
    await c.write(
      'POST /api/auth/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"email":',
    );
    await new Promise((r) => setTimeout(r, 200));
    c.socket.destroy();
    await until(() => since(before).some((l) => l.status !== undefined));
    await new Promise((r) => setTimeout(r, 200));
    const mine = since(before);
    // Every line, not only the request lines: the old code's error line carried no req.
    const all = lines.slice(before);
    expect(
      all.filter((l) => l.level >= 40),
      JSON.stringify(all),
    ).toEqual([]);
    expect(JSON.stringify(all)).not.toContain('unavailable');
    expect(mine.map((l) => l.msg)).toEqual([
      expect.stringMatching(/^POST \/api\/auth\/login\/ 499 \(client closed the connection mid-request\) \d+ ms$/),
    ]);
  });

  it('logs a client that hangs up mid-upload as what it is, at info, not as the database unavailable', async () => {
    const user = await createUser(t);
    const before = lines.length;
    const c = await connect(port);
    const boundary = 'hangup';
    const head =
      `POST /api/media/audio/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${user.headers.authorization}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1000000\r\n\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="audio_file"; filename="a.webm"\r\nContent-Type: audio/webm\r\n\r\n`;
    await c.write(head);
    await c.write(Buffer.alloc(64 * 1024, 1));
    await new Promise((r) => setTimeout(r, 200));
    c.socket.destroy();
    await until(() => since(before).some((l) => l.status !== undefined));
    await new Promise((r) => setTimeout(r, 200));
    const mine = since(before);
    // Every line, not only the request lines: the old code's error line carried no req.
    const all = lines.slice(before);
    expect(
      all.filter((l) => l.level >= 50),
      JSON.stringify(all),
    ).toEqual([]);
    expect(JSON.stringify(all)).not.toContain('unavailable');
    expect(
      mine.some((l) => l.level === 30 && /client closed the connection/.test(l.msg)),
      JSON.stringify(mine),
    ).toBe(true);
  });
});

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
}
