import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeServiceWorker } from '../../../server/web/service-worker.ts';
import { tempDir } from '../support/media-fixtures.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { writeExport } from '../support/web-export.ts';

const WORKER = readFileSync(path.resolve('public/sw.js'), 'utf8');

async function exportDir(files: Record<string, string>): Promise<string> {
  const out = await tempDir('kopilka-sw-');
  writeExport(out, { 'sw.js': WORKER, ...files });
  return out;
}

const SHELL = {
  'index.html': '<main>главная</main>',
  'audio/index.html': '<main>аудио</main>',
  'audio/index.txt': 'rsc',
  '_next/static/chunks/a.js': 'a',
  '_next/static/chunks/a.js.map': '{}',
  'manifest.webmanifest': '{}',
  'csp-manifest.json': '{}',
  'proxy-headers.caddy': 'header',
  '.build-stamp': 'x',
  'admin/index.html': '<main>администрирование</main>',
  'admin/_next/static/chunks/b.js': 'b',
};

const listed = (out: string) => {
  const source = readFileSync(path.join(out, 'sw.js'), 'utf8');
  return {
    urls: JSON.parse(/^const PRECACHE = (.*);$/m.exec(source)![1]!) as string[],
    version: /^const VERSION = '(.*)';$/m.exec(source)![1],
  };
};

describe('the service worker of the static export', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('stores every page and shell file but the server and proxy lists, source maps, the admin area and itself', async () => {
    const out = await exportDir(SHELL);
    writeServiceWorker(out);
    expect(listed(out).urls).toEqual(['/', '/_next/static/chunks/a.js', '/audio/', '/audio/index.txt', '/manifest.webmanifest']);
  });

  it('gets a new version when the shell changes and keeps it when written again', async () => {
    const out = await exportDir(SHELL);
    const first = writeServiceWorker(out)!.version;
    expect(writeServiceWorker(out)!.version).toBe(first);
    expect(listed(out).version).toBe(first);
    writeFileSync(path.join(out, 'audio/index.html'), '<main>аудио, новая сборка</main>');
    expect(writeServiceWorker(out)!.version).not.toBe(first);
  });

  it('is served with no-cache, so each visit sees a new build at once', async () => {
    const out = await exportDir(SHELL);
    writeServiceWorker(out);
    const t = await createTestApp({ env: { OUT_DIR: out } });
    apps.push(t);
    const res = await t.app.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('const PRECACHE = ["/",');
  });
});
