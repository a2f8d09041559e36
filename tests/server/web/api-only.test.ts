import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.ts';
import { tempDir } from '../support/media-fixtures.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { SMALL_EXPORT, writeExport } from '../support/web-export.ts';
import { freePort, root } from '../../support/processes.ts';

/** SERVE_WEB=false: a reverse proxy serves the static export, the API process answers only its own paths. */
describe('SERVE_WEB', () => {
  it('is on unless set to false, and anything but true/false is refused naming the variable', async () => {
    const dir = await tempDir('kopilka-serve-web-');
    try {
      expect(loadConfig({ DATA_DIR: dir }).serveWeb).toBe(true);
      expect(loadConfig({ DATA_DIR: dir, SERVE_WEB: 'true' }).serveWeb).toBe(true);
      expect(loadConfig({ DATA_DIR: dir, SERVE_WEB: 'false' }).serveWeb).toBe(false);
      expect(() => loadConfig({ DATA_DIR: dir, SERVE_WEB: 'no' })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dir, SERVE_WEB: 'no' })).toThrow('Invalid SERVE_WEB: must be true or false');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the API without the web app (SERVE_WEB=false)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SERVE_WEB: 'false' } });
    // An export is there, yet none of it is served: the proxy serves it.
    writeExport(t.config.outDir, SMALL_EXPORT);
  });
  afterAll(() => t.close());

  it('answers page and asset paths with a DRF-shaped 404, not the export', async () => {
    for (const url of ['/', '/login', '/login/', '/_next/static/chunks/app.js', '/404.html', '/no/such/page']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ detail: 'Не найдено.' });
    }
  });

  it('still answers /api/health/, the API and /media/ (the admin area is the proxy’s, with the export)', async () => {
    const health = await t.app.inject({ url: '/api/health/' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const api = await t.app.inject({ url: '/api/auth/profile/' });
    expect(api.statusCode).toBe(401);
    const media = await t.app.inject({ url: '/media/u/1/audio/x.webm' });
    expect(media.statusCode).toBe(403); // unsigned: refused by the media route, not "not found"
    const admin = await t.app.inject({ url: '/admin/' });
    expect(admin.statusCode).toBe(404);
    expect(admin.json()).toEqual({ detail: 'Не найдено.' });
  });
});

describe('server/process/api.ts with SERVE_WEB=false', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir('kopilka-api-only-');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts without building or needing the web export', { timeout: 70_000 }, async () => {
    const port = await freePort();
    const outDir = path.join(dir, 'out'); // does not exist: a build would be needed to serve pages
    const { DATABASE_URL: _ignored, SKIP_WEB_BUILD: _skip, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/process/api.ts'], {
      cwd: root,
      env: {
        ...inherited,
        SERVE_WEB: 'false',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'data'),
        OUT_DIR: outDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    try {
      // A start takes near 20 s on two cores shared with other test runs: this waits for it, however slow.
      const deadline = Date.now() + 50_000;
      let health: Response | undefined;
      while (!health && Date.now() < deadline && child.exitCode === null) {
        health = await fetch(`http://127.0.0.1:${port}/api/health/`).catch(() => undefined);
        if (!health) await new Promise((r) => setTimeout(r, 100));
      }
      expect(health?.status, output).toBe(200);
      expect(output).not.toContain('next build');
      expect(existsSync(outDir)).toBe(false);
      const page = await fetch(`http://127.0.0.1:${port}/login`);
      expect(page.status).toBe(404);
      expect(await page.json()).toEqual({ detail: 'Не найдено.' });
    } finally {
      child.kill('SIGKILL');
    }
  });
});
