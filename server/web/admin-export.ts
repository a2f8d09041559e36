import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The admin area is a Next app of its own (admin/): `next build admin` exports it, under its base path /admin,
 * into admin/out/, and the build copies that to out/admin/ beside the app's pages (the app's own build empties
 * out/ first, so the copy is made again after it). The server, the CSP manifest and the proxies' header maps then
 * serve and describe its pages like the app's; the service worker leaves them out of the app's shell.
 */
export const ADMIN_DIR = 'admin';
/** Where the admin area lives in the export: its URL prefix, without the slashes. */
export const ADMIN_PREFIX = 'admin';

/** What the admin export is built from: its own sources and the web app's shared ones. */
const ADMIN_SOURCES = [
  'admin/app',
  'admin/components',
  'admin/lib',
  'admin/next.config.mjs',
  'components',
  'lib',
  'contract',
  'hooks',
  'app/globals.css',
  'public',
  'package-lock.json',
];
const STAMP = '.build-stamp';

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const adminOut = (root: string) => path.join(root, ADMIN_DIR, 'out');

/** Whether admin/out/ is missing or older than what it is built from. */
export function adminExportStale(root: string): boolean {
  const stamp = path.join(adminOut(root), STAMP);
  const sourcesTime = Math.max(...ADMIN_SOURCES.map((s) => newestMtime(path.join(root, s))));
  return !existsSync(stamp) || statSync(stamp).mtimeMs < sourcesTime;
}

/** `next build admin`, stamped with the sources' time as of its start (an edit made meanwhile stays newer). */
export function buildAdminExport(root: string, log: (msg: string) => void): void {
  const sourcesTime = Math.max(...ADMIN_SOURCES.map((s) => newestMtime(path.join(root, s))));
  log('Собираю раздел администрирования (next build admin)…');
  const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  const result = spawnSync(process.execPath, [nextBin, 'build', ADMIN_DIR], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('next build admin failed');
  mkdirSync(adminOut(root), { recursive: true });
  const stamp = path.join(adminOut(root), STAMP);
  writeFileSync(stamp, new Date().toISOString());
  const t = new Date(Math.ceil(sourcesTime));
  utimesSync(stamp, t, t);
}

/**
 * Copies admin/out/ to <outDir>/admin/ when that is missing or older than admin/out/ (or always with `force`);
 * true when it copied. Nothing to copy (no admin export) leaves the export as it is.
 */
export function placeAdminExport(root: string, outDir: string, force = false): boolean {
  const from = adminOut(root);
  const to = path.join(outDir, ADMIN_PREFIX);
  const built = path.join(from, STAMP);
  if (!existsSync(built)) return false;
  const placed = path.join(to, STAMP);
  if (!force && existsSync(placed) && statSync(placed).mtimeMs >= statSync(built).mtimeMs) return false;
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true, preserveTimestamps: true });
  return true;
}
