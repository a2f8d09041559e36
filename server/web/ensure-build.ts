import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { adminExportStale, buildAdminExport, placeAdminExport } from './admin-export.ts';
import { CSP_MANIFEST, writeCspManifest } from './csp.ts';
import { precompressExport } from './precompress.ts';
import { writeServiceWorker } from './service-worker.ts';

const SOURCES = ['app', 'components', 'lib', 'contract', 'hooks', 'public', 'next.config.mjs', 'postcss.config.js', 'package-lock.json'];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/**
 * Builds the static export when `out/` is missing or older than the web sources, and the admin area's export
 * (admin/out/, placed at out/admin/) when it is missing or older than its sources; then, when anything changed,
 * writes the CSP manifest (the hashes of each page's inline scripts), the service worker's list of shell files
 * and the brotli and gzip copies of its text files, as `npm run build` does.
 */
export function ensureWebBuild(root: string, outDir: string, log: (msg: string) => void): void {
  const appBuilt = ensureAppBuild(root, outDir, log);
  if (adminExportStale(root)) buildAdminExport(root, log);
  // The app's build empties out/: the admin area goes back in after it.
  const adminPlaced = placeAdminExport(root, outDir, appBuilt);
  if (appBuilt || adminPlaced || !existsSync(path.join(outDir, CSP_MANIFEST))) {
    writeCspManifest(outDir);
    writeServiceWorker(outDir);
    precompressExport(outDir);
  }
}

/** `next build` of the app when out/ is missing or older than its sources; true when it built. */
function ensureAppBuild(root: string, outDir: string, log: (msg: string) => void): boolean {
  const stamp = path.join(outDir, '.build-stamp');
  const sourcesTime = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (existsSync(stamp) && statSync(stamp).mtimeMs >= sourcesTime) return false;
  log('Собираю веб-приложение (next build)…');
  const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  const result = spawnSync(process.execPath, [nextBin, 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('next build failed');
  // Stamp with the sources' time as of the build's start: an edit made during the build stays "newer".
  // Rounded up to the millisecond a Date keeps: rounded down, the stamp would stay older than a
  // source whose time has a fraction of a millisecond, and every start would build again.
  writeFileSync(stamp, new Date().toISOString());
  const t = new Date(Math.ceil(sourcesTime));
  utimesSync(stamp, t, t);
  return true;
}
