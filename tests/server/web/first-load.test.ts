import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { initialChunks, measureFirstLoad, TARGET_KB } from '../../../bench/first-load.ts';
import { tempDir } from '../support/media-fixtures.ts';

/** A page shaped like the static export's: Turbopack's bootstrap, client chunks, hydration data, a polyfill. */
const PAGE =
  '<!DOCTYPE html><html><head>' +
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/main.js"/>' +
  '<link rel="stylesheet" href="/_next/static/chunks/style.css"/>' +
  '<script src="/_next/static/chunks/framework.js" async=""></script>' +
  '<script src="/_next/static/chunks/page.js" async=""></script>' +
  '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>' +
  '<link rel="preload" as="script" href="/_next/static/chunks/dynamic-rendered.js"/>' +
  '</head><body><main>вход</main>' +
  '<script id="_R_">(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/main.js","static/chunks/react-dom.js"],"runtimeModuleIds":[1]});</script>' +
  '<script>self.__next_f.push([1,"2:\\"/_next/static/chunks/client-ref.js\\"\\n3:I[7,[\\"$2\\"],\\"LoginForm\\"]"])</script>' +
  '</body></html>';

describe('first-load JavaScript of an exported page', () => {
  it('counts the scripts, the preloaded chunks, the bootstrap list and the hydration data’s chunks, each once', () => {
    expect(initialChunks(PAGE).sort()).toEqual(
      [
        '/_next/static/chunks/client-ref.js',
        '/_next/static/chunks/dynamic-rendered.js',
        '/_next/static/chunks/framework.js',
        '/_next/static/chunks/main.js',
        '/_next/static/chunks/page.js',
        '/_next/static/chunks/react-dom.js',
      ].sort(),
    );
  });

  it('leaves out nomodule polyfills, styles and chunks that only a later import() fetches', () => {
    const chunks = initialChunks(PAGE);
    expect(chunks).not.toContain('/_next/static/chunks/polyfills.js');
    expect(chunks.some((c) => c.endsWith('.css'))).toBe(false);
    // A lazy screen's chunks are named only inside the JavaScript that imports it, never in the page.
    expect(initialChunks('<html><body><script src="/_next/static/chunks/page.js"></script></body></html>')).toEqual([
      '/_next/static/chunks/page.js',
    ]);
  });

  it('sums each page’s gzipped chunks and sets 165 kB for home and the not-found page, 175 kB for the rest', async () => {
    const out = path.join(await tempDir('kopilka-first-load-'), 'out');
    const chunkDir = path.join(out, '_next/static/chunks');
    mkdirSync(chunkDir, { recursive: true });
    const bodies: Record<string, Buffer> = {};
    for (const name of ['framework.js', 'page.js', 'main.js', 'react-dom.js', 'client-ref.js', 'dynamic-rendered.js', 'polyfills.js']) {
      bodies[name] = Buffer.from(`/* ${name} */ ${'x'.repeat(name.length * 100)}`);
      writeFileSync(path.join(chunkDir, name), bodies[name]);
    }
    for (const file of ['index.html', '404.html', '_not-found/index.html', 'login/index.html']) {
      mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
      writeFileSync(path.join(out, file), PAGE);
    }
    const expected = Object.entries(bodies)
      .filter(([name]) => name !== 'polyfills.js')
      .reduce((sum, [, body]) => sum + gzipSync(body).length, 0);

    const pages = measureFirstLoad(out);
    expect(pages.map((p) => [p.url, p.gzipBytes, p.targetKb])).toEqual([
      ['/404.html', expected, TARGET_KB.light],
      ['/_not-found/', expected, TARGET_KB.light],
      ['/', expected, TARGET_KB.light],
      ['/login/', expected, TARGET_KB.route],
    ]);
    expect(TARGET_KB).toEqual({ route: 175, light: 165 });
  });
});
