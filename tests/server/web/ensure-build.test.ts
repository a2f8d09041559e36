import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../../../server/web/ensure-build.ts';
import { tempDir } from '../support/media-fixtures.ts';

/** `npm start` builds the export only when it is missing or older than its sources. */
describe('ensureWebBuild', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /**
   * A project whose `next build` only counts its runs and writes one page (emptying out/ first, as Next does), and
   * whose `next build admin` writes the admin area's page into admin/out/.
   */
  async function project() {
    const root = await tempDir('kopilka-build-');
    dirs.push(root);
    const outDir = path.join(root, 'out');
    const builds = path.join(root, 'builds.txt');
    const adminOut = path.join(root, 'admin', 'out');
    mkdirSync(path.join(root, 'node_modules/next/dist/bin'), { recursive: true });
    writeFileSync(
      path.join(root, 'node_modules/next/dist/bin/next'),
      `const fs = require('node:fs');
const admin = process.argv.includes('admin');
fs.appendFileSync(${JSON.stringify(builds)}, admin ? 'admin\\n' : 'build\\n');
const out = admin ? ${JSON.stringify(adminOut)} : ${JSON.stringify(outDir)};
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(out + '/index.html', admin ? '<!doctype html><title>admin</title><script>a()</script>' : '<!doctype html><title>x</title>');`,
    );
    writeFileSync(path.join(root, 'package.json'), '{}'); // CommonJS for the stand-in script
    mkdirSync(path.join(root, 'app'));
    mkdirSync(path.join(root, 'admin', 'app'), { recursive: true });
    const page = path.join(root, 'app', 'page.tsx');
    writeFileSync(page, 'export default function Page() { return null; }');
    const adminPage = path.join(root, 'admin', 'app', 'page.tsx');
    writeFileSync(adminPage, 'export default function Page() { return null; }');
    const lines = () => readFileSync(builds, 'utf8').split('\n').filter(Boolean);
    return {
      root,
      outDir,
      page,
      adminPage,
      runs: () => lines().filter((l) => l === 'build').length,
      adminRuns: () => lines().filter((l) => l === 'admin').length,
    };
  }

  it('does not build again when no source changed, whatever the sub-millisecond part of their times', async () => {
    const p = await project();
    const t = 1_700_000_000 + 0.0004567; // seconds, with a fraction of a millisecond as file systems keep it
    utimesSync(p.page, t, t);
    utimesSync(path.dirname(p.page), t, t);
    utimesSync(p.adminPage, t, t);
    utimesSync(path.dirname(p.adminPage), t, t);
    ensureWebBuild(p.root, p.outDir, () => {});
    expect([p.runs(), p.adminRuns()]).toEqual([1, 1]);
    ensureWebBuild(p.root, p.outDir, () => {});
    expect([p.runs(), p.adminRuns()]).toEqual([1, 1]);
  });

  it('builds again when a source is newer than the export', async () => {
    const p = await project();
    ensureWebBuild(p.root, p.outDir, () => {});
    const later = Date.now() / 1000 + 5;
    utimesSync(p.page, later, later);
    ensureWebBuild(p.root, p.outDir, () => {});
    expect(p.runs()).toBe(2);
  });

  it('builds the admin area apart, places it at out/admin/ (again after the app’s build), outside the app’s shell', async () => {
    const p = await project();
    ensureWebBuild(p.root, p.outDir, () => {});
    expect([p.runs(), p.adminRuns()]).toEqual([1, 1]);
    expect(readFileSync(path.join(p.outDir, 'admin', 'index.html'), 'utf8')).toContain('admin');
    const manifest = JSON.parse(readFileSync(path.join(p.outDir, 'csp-manifest.json'), 'utf8')) as {
      pages: Record<string, { path: string }>;
    };
    expect(manifest.pages['admin/index.html']?.path).toBe('/admin/');

    // An admin source newer than its export: only the admin area builds again.
    const later = Date.now() / 1000 + 5;
    utimesSync(p.adminPage, later, later);
    ensureWebBuild(p.root, p.outDir, () => {});
    expect([p.runs(), p.adminRuns()]).toEqual([1, 2]);

    // The app's build empties out/: the admin area is placed again, not built again.
    utimesSync(p.page, later + 5, later + 5);
    ensureWebBuild(p.root, p.outDir, () => {});
    expect([p.runs(), p.adminRuns()]).toEqual([2, 2]);
    expect(readFileSync(path.join(p.outDir, 'admin', 'index.html'), 'utf8')).toContain('admin');
  });
});
