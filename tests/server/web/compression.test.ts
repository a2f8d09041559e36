import { existsSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressExport } from '../../../server/web/precompress.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { writeExport } from '../support/web-export.ts';

/** Text that compresses like a bundle: repetitive, 40 kB. */
const chunk = Array.from({ length: 800 }, (_, i) => `function f${i}(a){return a+${i}}`).join(';\n');
const page = `<!doctype html><html lang="ru"><head><script>document.documentElement.dataset.x='1'</script></head><body>${'<p>Копилка</p>'.repeat(400)}</body></html>`;

describe('the export is sent compressed, as the browser accepts it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    writeExport(t.config.outDir, {
      'index.html': page,
      'login/index.html': page.replace('Копилка', 'Вход'),
      '404.html': page.replace('Копилка', 'Страница не найдена'),
      '_next/static/chunks/app.js': chunk,
      '_next/static/chunks/tiny.js': 'x()',
      'icon.png': Buffer.alloc(4096, 7),
    });
    precompressExport(t.config.outDir);
  });
  afterAll(() => t.close());

  it('writes brotli and gzip copies of the text files at build time, not of images nor of files too small to gain', () => {
    const out = t.config.outDir;
    for (const f of ['index.html', 'login/index.html', '_next/static/chunks/app.js']) {
      expect(existsSync(path.join(out, `${f}.br`)), f).toBe(true);
      expect(existsSync(path.join(out, `${f}.gz`)), f).toBe(true);
    }
    expect(existsSync(path.join(out, 'icon.png.br'))).toBe(false);
    expect(existsSync(path.join(out, '_next/static/chunks/tiny.js.br'))).toBe(false);
  });

  it('answers a JS chunk asked for with Accept-Encoding: br in brotli, smaller, and the same bytes once decoded', async () => {
    const res = await t.app.inject({ url: '/_next/static/chunks/app.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.length).toBeLessThan(chunk.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(chunk);
  });

  it('sends gzip to a browser that takes only gzip, and the file itself to one that takes neither', async () => {
    const gz = await t.app.inject({ url: '/_next/static/chunks/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(chunk);
    const plain = await t.app.inject({ url: '/_next/static/chunks/app.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(chunk);
    const none = await t.app.inject({ url: '/_next/static/chunks/app.js' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(chunk);
  });

  it('compresses the pages too, each with its Content-Security-Policy and no-cache, the 404 page with its status', async () => {
    const login = await t.app.inject({ url: '/login/', headers: { 'accept-encoding': 'br' } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-encoding']).toBe('br');
    expect(login.headers['content-type']).toMatch(/text\/html/);
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(login.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    expect(brotliDecompressSync(login.rawPayload).toString()).toContain('Вход');

    const home = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(home.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(home.rawPayload).toString()).toContain('Копилка');

    const missing = await t.app.inject({ url: '/no/such/page', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(missing.rawPayload).toString()).toContain('Страница не найдена');
  });

  it('serves an uncompressed file whole to every browser, and never a compressed copy by its own name', async () => {
    const tiny = await t.app.inject({ url: '/_next/static/chunks/tiny.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('x()');
    const copy = await t.app.inject({ url: '/_next/static/chunks/app.js.br' });
    expect(copy.statusCode).toBe(404);
  });

  it('gives each encoding its own validator, so a cache never answers one with another', async () => {
    const br = await t.app.inject({ url: '/_next/static/chunks/app.js', headers: { 'accept-encoding': 'br' } });
    const gz = await t.app.inject({ url: '/_next/static/chunks/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    const again = await t.app.inject({
      url: '/_next/static/chunks/app.js',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
