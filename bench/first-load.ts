import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { ensureWebBuild } from '../server/web/ensure-build.ts';

/**
 * First load: the gzipped JavaScript a browser fetches to show and hydrate one page of the static export,
 * before anything the page imports later on demand. A page's first-load chunks are exactly what its HTML names:
 * - `<script src>` (Next's runtime and the chunks of the client components the page renders), except
 *   `nomodule` polyfills, which a browser that runs modules skips;
 * - `<link rel="preload" as="script">` (chunks of lazy components that the server already rendered);
 * - the chunk paths in its inline scripts: the bundler's bootstrap list and the chunks of every client
 *   component in the hydration data, which React fetches before it hydrates.
 * A chunk that only an `import()` or `next/dynamic` fetches after the page is up appears in none of them.
 * Sizes are gzip at its default level, in kB of 1,000 bytes.
 */

/** A route's ceiling: the home page and the not-found page carry no feature code (only the skeleton painted with the first bytes), every other route ≤ 175 kB. */
export const TARGET_KB = { route: 175, light: 165 } as const;

export interface RouteFirstLoad {
  /** The HTML file, relative to the export (`login/index.html`). */
  file: string;
  /** The URL it answers (`/login/`); the not-found page as `/404.html`. */
  url: string;
  chunks: string[];
  gzipBytes: number;
  targetKb: number;
}

type Node = DefaultTreeAdapterMap['node'];

const CHUNK_IN_TEXT = /(?:\/_next\/)?(static\/chunks\/[\w.~-]+\.js)\b/g;
const LIGHT_PAGES = new Set(['index.html', '404.html', '404/index.html', '_not-found/index.html']);

const attr = (node: Node, name: string) => ('attrs' in node ? node.attrs.find((a) => a.name === name)?.value : undefined);

/** The `/_next/static/chunks/….js` paths a page loads on its own, in first-seen order. */
export function initialChunks(html: string): string[] {
  const chunks = new Set<string>();
  const visit = (node: Node) => {
    if ('tagName' in node) {
      if (node.tagName === 'script') {
        const src = attr(node, 'src');
        if (src !== undefined) {
          if (attr(node, 'nomodule') === undefined && src.endsWith('.js')) chunks.add(src);
        } else {
          const text = node.childNodes.map((c) => ('value' in c && c.nodeName === '#text' ? c.value : '')).join('');
          for (const m of text.matchAll(CHUNK_IN_TEXT)) chunks.add(`/_next/${m[1]}`);
        }
      }
      const rel = attr(node, 'rel');
      const href = attr(node, 'href');
      if (
        node.tagName === 'link' &&
        href?.endsWith('.js') &&
        (rel === 'modulepreload' || (rel === 'preload' && attr(node, 'as') === 'script'))
      )
        chunks.add(href);
    }
    if ('content' in node && node.content) visit(node.content);
    if ('childNodes' in node) for (const child of node.childNodes) visit(child);
  };
  visit(parse(html));
  return [...chunks];
}

/** The app's pages: not the admin area's (out/admin/), a site of its own with its own runtime and chunks. */
function htmlFiles(outDir: string, rel = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(outDir, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (child !== '_next' && child !== 'admin') files.push(...htmlFiles(outDir, child));
    } else if (entry.name.endsWith('.html')) files.push(child);
  }
  return files.sort();
}

/** Gzipped size of chunks (each file counted once), read from the export. */
export function gzipSize(outDir: string, chunks: Iterable<string>, cache = new Map<string, number>()): number {
  let total = 0;
  for (const chunk of new Set(chunks)) {
    let size = cache.get(chunk);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(outDir, chunk.replace(/^\//, '')))).length;
      cache.set(chunk, size);
    }
    total += size;
  }
  return total;
}

/** Every exported page with its first-load chunks, their gzipped total and its target. */
export function measureFirstLoad(outDir: string): RouteFirstLoad[] {
  const cache = new Map<string, number>();
  return htmlFiles(outDir).map((file) => {
    const chunks = initialChunks(readFileSync(path.join(outDir, file), 'utf8'));
    return {
      file,
      url: `/${file.replace(/(^|\/)index\.html$/, '$1')}`,
      chunks,
      gzipBytes: gzipSize(outDir, chunks, cache),
      targetKb: LIGHT_PAGES.has(file) ? TARGET_KB.light : TARGET_KB.route,
    };
  });
}

/**
 * Next's own runtime, the reference: the chunks of its bootstrap entry (React, React DOM, the App Router,
 * the bundler's runtime), which the build manifest lists as `rootMainFiles`.
 */
export function nextRuntimeChunks(distDir: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8')) as { rootMainFiles: string[] };
  return manifest.rootMainFiles.map((f) => `/_next/${f}`);
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/** `npm run bench -- first-load`: builds the export when it is stale, then prints each route's first load. */
export async function benchFirstLoad(): Promise<void> {
  const root = path.resolve(import.meta.dirname, '..');
  const outDir = path.join(root, 'out');
  ensureWebBuild(root, outDir, console.log);
  const routes = measureFirstLoad(outDir);
  const distDir = path.join(root, '.next');
  const runtime = existsSync(path.join(distDir, 'build-manifest.json')) ? nextRuntimeChunks(distDir) : [];
  const runtimeBytes = gzipSize(outDir, runtime);

  console.log('\nFirst load: gzipped JavaScript per exported page (kB = 1,000 bytes)');
  console.log(`  reference: Next's own runtime (framework, main, bundler runtime; ${runtime.length} chunks) ${kb(runtimeBytes)} kB`);
  console.log(
    `  ${'page'.padEnd(20)} ${'first load'.padStart(10)} ${'target'.padStart(7)} ${'above runtime'.padStart(14)} ${'chunks'.padStart(6)}`,
  );
  for (const r of routes) {
    const verdict = r.gzipBytes <= r.targetKb * 1000 ? 'ok' : 'OVER';
    console.log(
      `  ${r.url.padEnd(20)} ${kb(r.gzipBytes).padStart(10)} ${`≤ ${r.targetKb}`.padStart(7)} ${kb(r.gzipBytes - runtimeBytes).padStart(14)} ${String(r.chunks.length).padStart(6)}  ${verdict}`,
    );
  }
}
