import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_PREFIX } from './admin-export.ts';

export const SERVICE_WORKER = 'sw.js';

/**
 * Files of the export that are no part of the app shell: the server's and the proxy's own lists, the worker itself,
 * and the admin area (a site of its own under /admin/, which the worker never serves).
 */
const NOT_SHELL = new Set([SERVICE_WORKER, 'csp-manifest.json', '.build-stamp']);
const notShell = (f: string) =>
  NOT_SHELL.has(f) || f.startsWith('proxy-') || f.startsWith('.') || f.endsWith('.map') || f.startsWith(`${ADMIN_PREFIX}/`);

function listFiles(dir: string, prefix = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    const rel = prefix ? `${prefix}/${entry}` : entry;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) files.push(...listFiles(full, rel));
    else files.push(rel);
  }
  return files;
}

/**
 * The URLs the worker stores at install: every page (`audio/index.html` as `/audio/`) and every other
 * file of the export but source maps, sorted.
 */
export function shellUrls(outDir: string): string[] {
  return listFiles(outDir)
    .filter((f) => !notShell(f))
    .map((f) => (f === 'index.html' ? '/' : f.endsWith('/index.html') ? `/${f.slice(0, -'index.html'.length)}` : `/${f}`))
    .sort();
}

/**
 * After `next build`: writes the shell's URL list and a version (a hash of the shell's contents) into
 * the exported worker, so each build installs a worker that stores exactly its own files.
 */
export function writeServiceWorker(outDir: string): { urls: string[]; version: string } | null {
  const file = path.join(outDir, SERVICE_WORKER);
  if (!existsSync(file)) return null;
  const urls = shellUrls(outDir);
  const hash = createHash('sha256');
  for (const f of listFiles(outDir)
    .filter((f) => !notShell(f))
    .sort())
    hash.update(f).update(readFileSync(path.join(outDir, f)));
  const version = hash.digest('hex').slice(0, 16);
  const source = readFileSync(file, 'utf8')
    .replace(/^const PRECACHE = .*;$/m, `const PRECACHE = ${JSON.stringify(urls)};`)
    .replace(/^const VERSION = .*;$/m, `const VERSION = '${version}';`);
  writeFileSync(file, source);
  return { urls, version };
}
