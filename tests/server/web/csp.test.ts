import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCspManifest, type CspManifest } from '../../../server/web/csp.ts';
import { tempDir } from '../support/media-fixtures.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Pages shaped like the static export's: hydration data as inline scripts, chunks as external ones. */
const PAGES: Record<string, string> = {
  'index.html':
    '<!DOCTYPE html><html lang="ru"><head><script src="/_next/static/chunks/a.js" async=""></script>' +
    '<script id="_R_">(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/a.js"]})</script>' +
    '</head><body><main>главная</main><script>(self.__next_f=self.__next_f||[]).push([0])</script>' +
    '<script>self.__next_f.push([1,"Копилка \\u003c/script\\u003e"])</script></body></html>',
  'login/index.html':
    '<!DOCTYPE html><html><head><script src="/_next/static/chunks/b.js"></script></head><body><main>вход</main>' +
    '<script>self.__next_f.push([1,"вход"])</script><script></script></body></html>',
  '404.html': '<!DOCTYPE html><html><body><h1>Страница не найдена</h1></body></html>',
};

/** What the browser would hash: the text of each non-empty inline script, found without our code. */
function expectedHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1]!)
    .filter((text) => text !== '')
    .map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
}

const directive = (policy: string | undefined, name: string) =>
  (policy ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
    ?.slice(1);

async function exportDir(): Promise<string> {
  const out = path.join(await tempDir('kopilka-csp-'), 'out');
  for (const [file, html] of Object.entries(PAGES)) {
    mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
    writeFileSync(path.join(out, file), html);
  }
  return out;
}

describe('Content-Security-Policy of the static export', () => {
  const apps: TestApp[] = [];
  const appOn = async (out: string) => {
    const t = await createTestApp({ env: { OUT_DIR: out } });
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  describe.each([
    ['computed from the pages (no manifest)', false],
    ['read from the build manifest', true],
  ])('each HTML page lists exactly the hashes of its inline scripts, %s', (_label, withManifest) => {
    let t: TestApp;
    beforeAll(async () => {
      const out = await exportDir();
      if (withManifest) writeCspManifest(out);
      t = await appOn(out);
    });

    it.each([
      ['/', 'index.html'],
      ['/login/', 'login/index.html'],
      ['/no/such/page/', '404.html'],
    ])('%s', async (url, file) => {
      const res = await t.app.inject({ url });
      expect(res.body).toBe(PAGES[file]);
      const policy = res.headers['content-security-policy'] as string;
      const scriptSrc = directive(policy, 'script-src')!;
      expect(scriptSrc[0]).toBe("'self'");
      expect(scriptSrc.slice(1).sort()).toEqual(expectedHashes(PAGES[file]!).sort());
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(directive(policy, 'script-src-attr')).toEqual(["'none'"]);
      expect(directive(policy, 'default-src')).toEqual(["'self'"]);
    });

    it('API answers carry the policy with no inline script allowed', async () => {
      const res = await t.app.inject({ url: '/api/health/' });
      expect(directive(res.headers['content-security-policy'] as string, 'script-src')).toEqual(["'self'"]);
    });
  });

  it('writes a manifest a reverse proxy can use: URL path, hashes and the whole policy of each page', async () => {
    const out = await exportDir();
    writeCspManifest(out);
    const manifest = JSON.parse(readFileSync(path.join(out, 'csp-manifest.json'), 'utf8')) as CspManifest;
    expect(Object.keys(manifest.pages).sort()).toEqual(Object.keys(PAGES).sort());
    expect(manifest.pages['login/index.html']?.path).toBe('/login/');
    expect(manifest.pages['index.html']?.path).toBe('/');
    const t = await appOn(out);
    for (const [file, page] of Object.entries(manifest.pages)) {
      expect(page.script_hashes.sort()).toEqual(expectedHashes(PAGES[file]!).sort());
      const res = await t.app.inject({ url: page.path });
      expect(res.headers['content-security-policy']).toBe(page.policy);
    }
  });

  it('ignores a manifest older than the pages (an export rebuilt without it)', async () => {
    const out = await exportDir();
    writeCspManifest(out);
    const changed = PAGES['login/index.html']!.replace('"вход"])', '"вход, снова"])');
    writeFileSync(path.join(out, 'login/index.html'), changed);
    const later = new Date(Date.now() + 5000);
    utimesSync(path.join(out, 'login/index.html'), later, later);
    const t = await appOn(out);
    const res = await t.app.inject({ url: '/login/' });
    expect(directive(res.headers['content-security-policy'] as string, 'script-src')!.slice(1)).toEqual(expectedHashes(changed));
  });
});
